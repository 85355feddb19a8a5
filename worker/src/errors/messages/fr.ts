import type { Catalog, Pattern } from "./index";

const exact: Catalog["exact"] = {
  "A report goes only with status 1 (done).": "Un rapport ne peut accompagner que le statut 1 (terminé).",
  "A role with this name already exists.": "Un rôle porte déjà ce nom.",
  "A used coupon cannot be deleted.": "Un coupon déjà utilisé ne peut pas être supprimé.",
  "An API key may only call the agent calls (claim-jobs, job-file, update-history).":
    "Une clé d'API ne peut appeler que les appels d'agent (claim-jobs, job-file, update-history).",
  "An account with this email already exists.": "Un compte existe déjà avec cette adresse e-mail.",
  "An item of this payment no longer exists; cancel the payment instead.":
    "Un article de ce paiement n'existe plus ; veuillez plutôt annuler le paiement.",
  "Built-in roles cannot be changed or deleted.": "Les rôles prédéfinis ne peuvent être ni modifiés ni supprimés.",
  "Change the quota with an adjustment, so the ledger records it.":
    "Modifiez le quota par un ajustement, afin qu'il soit inscrit au registre.",
  "Change your password from the security settings.": "Modifiez votre mot de passe depuis les paramètres de sécurité.",
  "Every API call is a POST.": "Chaque appel de l'API utilise la méthode POST.",
  "Name both kind and refId to buy one product.": "Indiquez à la fois kind et refId pour acheter un produit.",
  "No such API key.": "Cette clé d'API n'existe pas.",
  "No such bundle.": "Ce pack n'existe pas.",
  "No such coupon.": "Ce coupon n'existe pas.",
  "No such file.": "Ce fichier n'existe pas.",
  "No such item.": "Cet article n'existe pas.",
  "No such job.": "Cette tâche n'existe pas.",
  "No such payment.": "Ce paiement n'existe pas.",
  "No such role.": "Ce rôle n'existe pas.",
  "No such session.": "Cette session n'existe pas.",
  "No such site, or it is not available.": "Ce site n'existe pas ou n'est pas disponible.",
  "No such site.": "Ce site n'existe pas.",
  "No such user.": "Cet utilisateur n'existe pas.",
  "No such vendor account.": "Ce compte fournisseur n'existe pas.",
  "Only a paid payment has an invoice.": "Seul un paiement réglé a une facture.",
  "Only a pending payment can be cancelled.": "Seul un paiement en attente peut être annulé.",
  "Only a pending payment can be confirmed.": "Seul un paiement en attente peut être confirmé.",
  "Only an admin may change a role, a status or a quota.": "Seul un administrateur peut modifier un rôle, un statut ou un quota.",
  "Only an administrator may do this.": "Seul un administrateur peut effectuer cette action.",
  "Only the first 1,000 rows of a list can be paged through; narrow it with a search or a filter.":
    "Seules les 1 000 premières lignes d'une liste peuvent être parcourues ; affinez-la avec une recherche ou un filtre.",
  "Please sign in to continue.": "Veuillez vous connecter pour continuer.",
  "Requests from another site are not accepted.": "Les requêtes provenant d'un autre site ne sont pas acceptées.",
  "Send the body as application/json.": "Envoyez le corps de la requête au format application/json.",
  "Something went wrong. Please try again.": "Une erreur s'est produite. Veuillez réessayer.",
  "Start the set-up first.": "Veuillez d'abord commencer la configuration.",
  "The API key is not valid.": "La clé d'API n'est pas valide.",
  "The amount does not match the payment.": "Le montant ne correspond pas au paiement.",
  "The code is not correct.": "Le code est incorrect.",
  "The email or password is incorrect.": "L'adresse e-mail ou le mot de passe est incorrect.",
  "The form data could not be read.": "Les données du formulaire n'ont pas pu être lues.",
  "The last active admin cannot be removed, demoted or deactivated.":
    "Le dernier administrateur actif ne peut être ni supprimé, ni rétrogradé, ni désactivé.",
  "The password is not correct.": "Le mot de passe est incorrect.",
  "The payment could not be recorded.": "Le paiement n'a pas pu être enregistré.",
  "The price of this site has just changed. Please check it and try again.":
    "Le prix de ce site vient de changer. Veuillez le vérifier et réessayer.",
  "The quota cannot go below zero.": "Le quota ne peut pas descendre en dessous de zéro.",
  "The request body is not valid JSON.": "Le corps de la requête n'est pas un JSON valide.",
  "The request body must be a JSON object.": "Le corps de la requête doit être un objet JSON.",
  "This API key is already revoked.": "Cette clé d'API est déjà révoquée.",
  "This account is deactivated. Please contact support.": "Ce compte est désactivé. Veuillez contacter l'assistance.",
  "This call needs a signed-in user.": "Cet appel nécessite un utilisateur connecté.",
  "This code has already been used. Wait for the next code and enter it.":
    "Ce code a déjà été utilisé. Attendez le code suivant et saisissez-le.",
  "This coupon code does not exist.": "Ce code de coupon n'existe pas.",
  "This coupon has expired.": "Ce coupon a expiré.",
  "This coupon was already used.": "Ce coupon a déjà été utilisé.",
  "This item has subscriptions and cannot be deleted. Deactivate it instead.":
    "Cet article a des abonnements et ne peut pas être supprimé. Désactivez-le plutôt.",
  "This job is already finished and cannot be changed.": "Cette tâche est déjà terminée et ne peut plus être modifiée.",
  "This payment has no proof of transfer.": "Ce paiement n'a pas de preuve de virement.",
  "This payment is already paid.": "Ce paiement est déjà réglé.",
  "This payment is no longer open.": "Ce paiement n'est plus ouvert.",
  "This payment no longer takes a proof of transfer.": "Ce paiement n'accepte plus de preuve de virement.",
  "This reset link is invalid or has expired. Please ask for a new one.":
    "Ce lien de réinitialisation est invalide ou a expiré. Veuillez en demander un nouveau.",
  "This role does not exist.": "Ce rôle n'existe pas.",
  "This role still has users. Give them another role first.":
    "Ce rôle a encore des utilisateurs. Attribuez-leur d'abord un autre rôle.",
  "This sign-in has expired. Please sign in again.": "Cette connexion a expiré. Veuillez vous reconnecter.",
  "This site cannot take new jobs right now: no vendor account is available. Please try again later.":
    "Ce site ne peut pas accepter de nouvelles tâches pour le moment : aucun compte fournisseur n'est disponible. Veuillez réessayer plus tard.",
  "This site does not exist.": "Ce site n'existe pas.",
  "This site has queued jobs. Wait until they are processed before deleting it.":
    "Ce site a des tâches en attente. Attendez qu'elles soient traitées avant de le supprimer.",
  "This vendor account has queued jobs. Wait until they are processed before deleting it.":
    "Ce compte fournisseur a des tâches en attente. Attendez qu'elles soient traitées avant de le supprimer.",
  "This verification link is invalid or has expired.": "Ce lien de vérification est invalide ou a expiré.",
  "Too many sign-in attempts. Please wait 15 minutes and try again.":
    "Trop de tentatives de connexion. Veuillez patienter 15 minutes, puis réessayer.",
  "Too many wrong codes. Please sign in again.": "Trop de codes erronés. Veuillez vous reconnecter.",
  "Two-factor authentication is already on.": "L'authentification à deux facteurs est déjà activée.",
  "Unique codes could not be drawn. Try again.": "Impossible de générer des codes uniques. Veuillez réessayer.",
  "You cannot change your own role or deactivate yourself.": "Vous ne pouvez pas modifier votre propre rôle ni vous désactiver.",
  "You cannot delete your own account.": "Vous ne pouvez pas supprimer votre propre compte.",
  "You may only edit your own profile.": "Vous ne pouvez modifier que votre propre profil.",
  "You may only see your own cart.": "Vous ne pouvez consulter que votre propre panier.",
  "You may only see your own quota.": "Vous ne pouvez consulter que votre propre quota.",
  "You may only see your own subscriptions.": "Vous ne pouvez consulter que vos propres abonnements.",
  "Your cart is empty.": "Votre panier est vide.",
  "Your email address is already confirmed.": "Votre adresse e-mail est déjà confirmée.",
};

const TYPES: Record<string, string> = {
  string: "un texte",
  number: "un nombre",
  boolean: "vrai ou faux",
  array: "une liste",
  object: "un objet",
  date: "une date",
  file: "un fichier",
};

const ACTIONS: Record<string, string> = {
  manage: "gérer",
  read: "consulter",
  create: "créer",
  update: "modifier",
  delete: "supprimer",
  redeem: "utiliser",
  claim: "réclamer",
};

const KINDS: Record<string, string> = { item: "article", bundle: "pack" };

/** The zod problem texts of http/body.ts `describeIssue`, plus the few routes add to a field. */
function issue(text: string): string | undefined {
  let m: RegExpExecArray | null;
  if (text === "is not valid") return "n'est pas valide";
  if (text === "must be a whole number") return "doit être un nombre entier";
  if (text === "must be an email address") return "doit être une adresse e-mail";
  if (text === "must not be in the past") return "ne doit pas être dans le passé";
  if ((m = /^must be at least (\S+) characters long$/.exec(text))) return `doit contenir au moins ${m[1]} caractères`;
  if ((m = /^must be at most (\S+) characters long$/.exec(text))) return `doit contenir au plus ${m[1]} caractères`;
  if ((m = /^must be at least (\S+)$/.exec(text))) return `doit être au moins ${m[1]}`;
  if ((m = /^must be at most (\S+)$/.exec(text))) return `doit être au plus ${m[1]}`;
  if ((m = /^must be one of (.+)$/.exec(text))) return `doit être l'une des valeurs suivantes : ${m[1]}`;
  if ((m = /^must be a valid (.+)$/.exec(text))) return `doit être au format ${m[1]} valide`;
  if ((m = /^must be an? (\w+)$/.exec(text))) return `doit être ${TYPES[m[1]!] ?? `de type ${m[1]}`}`;
  return undefined;
}

const patterns: readonly Pattern[] = [
  [/^The field "(.+?)" is required\.$/, ([field]) => `Le champ « ${field} » est obligatoire.`],
  [/^The field "(.+?)" (.+)\.$/, ([field, text]) => withIssue(`Le champ « ${field} »`, text!)],
  [/^The request body is larger than (.+)\.$/, ([size]) => `Le corps de la requête dépasse ${size}.`],
  [/^The upload is larger than (.+)\.$/, ([size]) => `L'envoi dépasse ${size}.`],
  [/^The request (.+)\.$/, ([text]) => withIssue("La requête", text!)],
  [/^The file "(.+?)" is larger than (.+)\.$/, ([field, size]) => `Le fichier « ${field} » dépasse ${size}.`],
  [
    /^The file "(.+?)" must be one of: (.+)\.$/,
    ([field, kinds]) => `Le fichier « ${field} » doit être de l'un des types suivants : ${kinds}.`,
  ],
  [/^The signature is not valid \((.+)\)\.$/, ([problem]) => `La signature n'est pas valide (${problem}).`],
  [/^Unknown call "(.*)"\.$/, ([name]) => `Appel inconnu : « ${name} ».`],
  [/^Unknown field "(.*)"\.$/, ([name]) => `Champ inconnu : « ${name} ».`],
  [
    /^You are not allowed to (\w+) (\w+)\.$/,
    ([action, subject]) => `Vous n'avez pas l'autorisation de ${ACTIONS[action!] ?? action} ${subject}.`,
  ],
  [
    /^"(.*)" is no longer on sale\. Remove it from your cart\.$/s,
    ([name]) => `« ${name} » n'est plus en vente. Veuillez le retirer de votre panier.`,
  ],
  [/^No such (\w+) on sale\.$/, ([kind]) => `Ce produit (${KINDS[kind!] ?? kind}) n'est pas en vente.`],
  [/^No such (\w+) \((.*)\)\.$/, ([kind, ref]) => `Ce produit (${KINDS[kind!] ?? kind} ${ref}) n'existe pas.`],
  [
    /^You do not have enough points for this site: it costs (\S+) points and your balance is (\S+)\. Buy points to continue\.$/,
    ([price, balance]) =>
      `Vous n'avez pas assez de points pour ce site : il coûte ${price} points et votre solde est de ${balance}. Achetez des points pour continuer.`,
  ],
];

function withIssue(subject: string, text: string): string | undefined {
  const translated = issue(text);
  return translated === undefined ? undefined : `${subject} ${translated}.`;
}

export const fr: Catalog = { exact, patterns };
