// Loaded only through `import()` from presign.ts, so no other call loads the SDK's signer. Only the
// presigner and a Web Crypto hash: @aws-sdk/client-s3 would add about 100 kB gzipped to the Worker
// (over its 250 kB budget) to build the same signed GET (docs/decisions/0005-downloads-and-mail.md).
export { S3RequestPresigner } from "@aws-sdk/s3-request-presigner";
export { Sha256WebCrypto } from "@smithy/core/checksum";
