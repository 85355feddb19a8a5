import * as z from "zod";
import { apiError, done, isFileAnswer, type CallDecl } from "./call";
import { callEntities, callGroups } from "./index";

/** The entities answers share, named in `components.schemas` and referenced from every answer using them. */
const ENTITIES: Record<string, z.ZodType> = { Message: done, ...callEntities, Error: apiError };

type JsonSchema = Record<string, unknown>;

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const inputId = (name: string) => `${name}.input`;
const answerId = (name: string) => `${name}.answer`;

/** Which formats say enough that zod's long checking patterns only make the document harder to read. */
const SELF_EXPLAINING_FORMATS = new Set(["date-time", "date", "email", "uri"]);
const SAFE_INTEGER = Number.MAX_SAFE_INTEGER;

/** Drops what only restates JSON: integer bounds of "any safe integer", patterns of well-known formats. */
function tidy({ jsonSchema }: { jsonSchema: JsonSchema }) {
  if (jsonSchema.minimum === -SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === SAFE_INTEGER) delete jsonSchema.maximum;
  if (typeof jsonSchema.format === "string" && SELF_EXPLAINING_FORMATS.has(jsonSchema.format)) delete jsonSchema.pattern;
}

/** Uploads (`z.instanceof(File)`) are the only custom schemas: a multipart file part. */
function uploads({ message }: { message: string }) {
  return message.startsWith("Custom types") ? { type: "string" as const, format: "binary" } : "throw";
}

/** The named schemas of one direction (inputs are read as clients send them, answers as the Worker writes them). */
function schemasOf(named: Record<string, z.ZodType>, io: "input" | "output"): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(named)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    io,
    target: "draft-2020-12",
    uri: (id) => `#/components/schemas/${id}`,
    unrepresentable: uploads,
    override: tidy,
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, { $schema: _schema, $id: _id, ...schema }]) => [id, schema as JsonSchema]),
  );
}

/** Who may call, in the document's terms: `x-access` as declared, and the credentials that fit. */
function accessOf(call: CallDecl) {
  const access =
    call.access === "public" || call.access === "signedIn" ? call.access : { action: call.access[0], subject: call.access[1] };
  const security = call.access === "public" ? [] : call.agent ? [{ session: [] }, { apiKey: [] }] : [{ session: [] }];
  return { "x-access": access, ...(call.agent ? { "x-agent": true } : {}), security };
}

/** The body: multipart when the input takes a file (also JSON when no file is required), JSON otherwise. */
function requestBodyOf(call: CallDecl, input: JsonSchema) {
  const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
  const required = (input.required ?? []) as string[];
  // A file, or a list of files (a repeated part).
  const isFile = (schema: JsonSchema | undefined) => schema?.format === "binary";
  const files = Object.keys(properties).filter(
    (key) => isFile(properties[key]) || isFile(properties[key]?.items as JsonSchema | undefined),
  );
  const schema = { schema: ref(inputId(call.name)) };
  const content =
    files.length === 0
      ? { "application/json": schema, ...(call.formUrlEncoded ? { "application/x-www-form-urlencoded": schema } : {}) }
      : { "multipart/form-data": schema, ...(files.some((f) => required.includes(f)) ? {} : { "application/json": schema }) };
  return {
    required: required.length > 0 || "oneOf" in input,
    content,
    ...(call.maxBody ? { description: `Multipart bodies up to ${megabytes(call.maxBody)} MB; JSON bodies up to 1 MB.` } : {}),
  };
}

/** The JSON answer of a call, if any: a shared entity or its own schema. */
const jsonAnswerOf = (call: CallDecl) => (isFileAnswer(call.answer) ? call.answer.orJson : call.answer);

function answerOf(call: CallDecl, answerRef: { $ref: string }) {
  const answer = call.answer;
  if (!isFileAnswer(answer)) return { description: "The answer.", content: { "application/json": { schema: answerRef } } };
  return {
    description: answer.orJson
      ? "The file as an attachment, or (JSON) a short-lived link to it when R2's S3 settings are configured."
      : "The file as an attachment.",
    content: {
      [answer.mediaType]: { schema: { type: "string", format: "binary" } },
      ...(answer.orJson ? { "application/json": { schema: answerRef } } : {}),
    },
  };
}

const errorResponse = (description: string) => ({ description, content: { "application/json": { schema: ref("Error") } } });

/** The error answers every call may give (the shape is the same for each status). */
const ERROR_RESPONSES = {
  BadRequest: errorResponse(
    "Invalid input (codes invalid_input, required, unknown_field, malformed_json, …; `field` names the field). Nothing changed.",
  ),
  Unauthorized: errorResponse("Not signed in, the session ended, or the API key is not valid (code unauthorized)."),
  Forbidden: errorResponse(
    "Refused: the caller's rules do not allow the call (missing_permission), an API key on a call agents may not make (agent_not_allowed), or a POST whose Origin is another site (cross_origin).",
  ),
  OtherError: errorResponse(
    "404 not found (another user's row answers 404 too), 405 not a POST, 409 conflict (the code says which), 413 body too large, 415 unsupported file or body type, 429 rate limited (Retry-After).",
  ),
  ServerError: errorResponse("Something went wrong; the answer never carries internals."),
};

const errorRefs = {
  "400": { $ref: "#/components/responses/BadRequest" },
  "401": { $ref: "#/components/responses/Unauthorized" },
  "403": { $ref: "#/components/responses/Forbidden" },
  "4XX": { $ref: "#/components/responses/OtherError" },
  "500": { $ref: "#/components/responses/ServerError" },
};

const DESCRIPTION = [
  "Every call is `POST /api/<name>` with a JSON body, or multipart/form-data where the input takes a file (numbers and",
  "booleans then travel as text and are coerced). A signed-in browser carries the HttpOnly session cookie `sid`; automation",
  "agents send `Authorization: Bearer <api key>` and may make only the calls marked `x-agent`. `x-access` is who may call:",
  '"public", "signedIn", or a CASL action on a subject (the call then checks ownership of rows: another user\'s row',
  "answers 404). Errors answer `{error, code, field?, reason?}`: branch on `code`. docs/API.md has the rules in prose.",
].join(" ");

/** The OpenAPI 3.1 document of the whole API, generated from the contract. */
export function openApiDocument(version: string) {
  const groups = Object.entries(callGroups).map(([tag, group]) => ({ tag, calls: Object.values(group) as CallDecl[] }));
  const all = groups.flatMap((g) => g.calls);
  const inputs = schemasOf(Object.fromEntries(all.map((c) => [inputId(c.name), c.input])), "input");
  // An answer that is an entity refers to it; any other gets its own `<name>.answer`.
  const entityIds = new Map(Object.entries(ENTITIES).map(([id, schema]) => [schema, id]));
  const answerSchemas: Record<string, z.ZodType> = { ...ENTITIES };
  const answerRefs = new Map<string, { $ref: string }>();
  for (const call of all) {
    const answer = jsonAnswerOf(call);
    if (!answer) continue;
    const id = entityIds.get(answer) ?? answerId(call.name);
    answerSchemas[id] = answer;
    answerRefs.set(call.name, ref(id));
  }
  const answers = schemasOf(answerSchemas, "output");

  const paths: Record<string, unknown> = {
    "/api/openapi.json": {
      get: {
        operationId: "openapi",
        summary: "This document.",
        security: [],
        responses: { "200": { description: "The OpenAPI document.", content: { "application/json": {} } } },
      },
    },
  };
  for (const { tag, calls } of groups) {
    for (const call of calls) {
      paths[`/api/${call.name}`] = {
        post: {
          operationId: call.name,
          summary: call.summary,
          tags: [tag],
          ...accessOf(call),
          ...(call.maxBody ? { "x-max-body": call.maxBody } : {}),
          requestBody: requestBodyOf(call, inputs[inputId(call.name)]!),
          responses: { "200": answerOf(call, answerRefs.get(call.name) ?? ref(answerId(call.name))), ...errorRefs },
        },
      };
    }
  }

  return {
    openapi: "3.1.0",
    info: { title: "Edge Portal API", version, description: DESCRIPTION },
    tags: groups.map(({ tag }) => ({ name: tag })),
    paths,
    components: {
      schemas: { ...answers, ...inputs },
      responses: ERROR_RESPONSES,
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: "sid",
          description: "The session a sign-in (login, two-steps, register) sets.",
        },
        apiKey: { type: "http", scheme: "bearer", description: "An agent's API key (pk_…), created on /apps/api-keys." },
      },
    },
  };
}
