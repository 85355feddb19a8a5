import type { MailTexts } from "./types";

export const fr: MailTexts = {
  verify: ({ name, site, url }) => ({
    subject: `Confirmez votre adresse e-mail pour ${site}`,
    greeting: `Bonjour ${name},`,
    paragraphs: ["Veuillez confirmer votre adresse e-mail en ouvrant ce lien dans les 48 heures :"],
    action: { label: "Confirmer mon adresse", url },
    closing: "Si vous n’avez pas créé de compte, ignorez ce message.",
  }),
  reset: ({ name, site, url }) => ({
    subject: `Réinitialisez votre mot de passe ${site}`,
    greeting: `Bonjour ${name},`,
    paragraphs: [
      "Quelqu’un a demandé à réinitialiser le mot de passe de ce compte. Ouvrez ce lien dans l’heure pour en choisir un nouveau :",
    ],
    action: { label: "Choisir un nouveau mot de passe", url },
    closing: "Si ce n’était pas vous, ignorez ce message : votre mot de passe ne change pas.",
  }),
  invoice: ({ name, site, number, paidAt, lines, total, url }) => ({
    subject: `${site} : facture n° ${number}`,
    greeting: `Bonjour ${name},`,
    paragraphs: [`Veuillez trouver ci-dessous votre facture n° ${number}.`, `Payée le : ${paidAt}`],
    rows: [...lines.map((l): [string, string] => [`${l.qty} × ${l.name}`, l.total]), ["Total", total]],
    action: { label: "Voir la facture", url },
  }),
  proofNotice: ({ site, referenceId, amount, url }) => ({
    subject: `${site} : un justificatif de virement attend`,
    greeting: "Bonjour,",
    paragraphs: [
      `Un payeur a déposé un justificatif de virement pour le paiement ${referenceId} (${amount}).`,
      "Il n’expire plus : il vous attend, en tête de la liste des paiements. Vérifiez-le, puis confirmez ou annulez le paiement :",
    ],
    action: { label: "Ouvrir le paiement", url },
  }),
  receipt: ({ name, site, referenceId, number, lines, url }) => ({
    subject: `${site} : reçu de la facture n° ${number}`,
    greeting: `Bonjour ${name},`,
    paragraphs: [
      `Merci : nous avons bien reçu votre paiement ${referenceId}. Votre numéro de facture est le ${number}.`,
      ...lines,
      "Vos points et abonnements sont actifs dès maintenant.",
    ],
    action: { label: "Voir ma facturation", url },
  }),
  jobDone: ({ name, site, fileName, url, similarity, hasReport }) => ({
    subject: `Votre résultat ${site} est prêt`,
    greeting: `Bonjour ${name},`,
    paragraphs: [`Votre document « ${fileName} » a été traité par ${site}.`, `Similarité : ${similarity} %`],
    action: { label: hasReport ? "Ouvrir mes téléchargements" : "Ouvrir mon historique", url },
  }),
  jobFailed: ({ name, site, fileName, url, refunded }) => ({
    subject: `Votre demande ${site} n’a pas pu être traitée`,
    greeting: `Bonjour ${name},`,
    paragraphs: [
      `Votre document « ${fileName} » n’a pas pu être traité par ${site}.`,
      refunded > 0 ? `Les ${refunded} points dépensés ont été recrédités sur votre solde.` : "Elle ne vous a coûté aucun point.",
    ],
    action: { label: "Réessayer", url },
  }),
  creditNote: ({ name, site, number, invoiceNumber, amount, reason, url }) => ({
    subject: `${site} : avoir ${number} sur la facture n° ${invoiceNumber}`,
    greeting: `Bonjour ${name},`,
    paragraphs: [
      `Nous vous avons remboursé ${amount} de la facture n° ${invoiceNumber}. Votre avoir ${number} est joint.`,
      `Motif : ${reason}`,
      "Les points et abonnements achetés par la part remboursée ont été repris.",
    ],
    action: { label: "Voir ma facturation", url },
  }),
  recoveryCodeUsed: ({ name, site, left, ip, url }) => ({
    subject: `${site} : un code de secours a servi à vous connecter`,
    greeting: `Bonjour ${name},`,
    paragraphs: [
      `Un code de secours de la double authentification vient de servir à se connecter à votre compte${ip ? ` depuis l’adresse ${ip}` : ""}. Chaque code ne sert qu’une fois.`,
      left <= 1 ? `Il vous reste ${left} code de secours.` : `Il vous reste ${left} codes de secours.`,
      "Si ce n’était pas vous, changez votre mot de passe et créez de nouveaux codes dès maintenant :",
    ],
    action: { label: "Ouvrir mes paramètres de sécurité", url },
  }),
  passkeyChanged: ({ name, site, passkeyName, added, ip, url }) => ({
    subject: added
      ? `${site} : une clé d’accès a été ajoutée à votre compte`
      : `${site} : une clé d’accès a été retirée de votre compte`,
    greeting: `Bonjour ${name},`,
    paragraphs: [
      added
        ? `La clé d’accès « ${passkeyName} » vient d’être ajoutée à votre compte${ip ? ` depuis l’adresse ${ip}` : ""}. Elle peut désormais vous connecter.`
        : `La clé d’accès « ${passkeyName} » vient d’être retirée de votre compte${ip ? ` depuis l’adresse ${ip}` : ""}. Elle ne peut plus vous connecter.`,
      "Si ce n’était pas vous, changez votre mot de passe et vérifiez vos clés d’accès dès maintenant :",
    ],
    action: { label: "Ouvrir mes paramètres de sécurité", url },
  }),
  webhookDisabled: ({ name, site, endpoint, since, url }) => ({
    subject: `${site} : un point de terminaison de webhook a été désactivé`,
    greeting: `Bonjour ${name},`,
    paragraphs: [
      `Toutes les livraisons vers ${endpoint} échouent depuis le ${since} : il ne reçoit plus d’événements.`,
      "Réparez le récepteur, réactivez le point de terminaison et renvoyez ce qu’il a manqué depuis le journal des livraisons :",
    ],
    action: { label: "Ouvrir les webhooks", url },
  }),
};
