import type { NotificationTexts } from "./types";

export const fr: NotificationTexts = {
  "subscription-ending": ({ item, endsAt, days, renews }, f) =>
    renews
      ? {
          title: days > 1 ? `${item} se renouvelle dans ${days} jours` : `${item} se renouvelle dans moins d’un jour`,
          body: renews.card
            ? `Votre abonnement ${item} se renouvelle automatiquement le ${f.date(endsAt)}, débité sur votre carte ${renews.card.brand} se terminant par ${renews.card.last4}.`
            : `Votre abonnement ${item} se renouvelle automatiquement le ${f.date(endsAt)}. Aucune carte n’est enregistrée : nous vous enverrons sa page de paiement.`,
          action: "Gérer le renouvellement",
        }
      : {
          title: days > 1 ? `${item} se termine dans ${days} jours` : `${item} se termine dans moins d’un jour`,
          body: `Votre abonnement ${item} se termine le ${f.date(endsAt)}. Renouvelez-le pour garder l’accès.`,
          action: "Renouveler",
        },
  "subscription-ended": ({ item, endedAt }, f) => ({
    title: `${item} est terminé`,
    body: `Votre abonnement ${item} s’est terminé le ${f.date(endedAt)}. Rachetez-le pour retrouver l’accès.`,
    action: "Le racheter",
  }),
  "payment-reminder": ({ amount, currency, expiresAt }, f) => ({
    title: `Votre paiement de ${f.money(amount, currency)} expire bientôt`,
    body: `Votre paiement de ${f.money(amount, currency)} est toujours ouvert et expire le ${f.date(expiresAt)}. Réglez-le d’ici là, sinon il sera annulé.`,
    action: "Payer maintenant",
  }),
  "low-balance": ({ balance, threshold }) => ({
    title: `Votre solde est bas : ${balance} points`,
    body: `Il vous reste ${balance} points, sous votre alerte à ${threshold}. Rechargez pour continuer à utiliser les sites.`,
    action: "Acheter des points",
  }),
  "job-done": ({ site, fileName, similarity }) => ({
    title: `Votre résultat ${site} est prêt`,
    body: `« ${fileName} » : similarité ${similarity} %.`,
    action: "Voir le résultat",
  }),
  "job-failed": ({ site, fileName, refunded }) => ({
    title: `Votre demande ${site} n’a pas pu être traitée`,
    body:
      refunded > 0
        ? `« ${fileName} » n’a pas pu être traité ; ses ${refunded} points vous ont été rendus.`
        : `« ${fileName} » n’a pas pu être traité.`,
    action: "Réessayer",
  }),
  "payment-confirmed": ({ amount, currency, invoiceNumber }, f) => ({
    title: `Paiement de ${f.money(amount, currency)} reçu`,
    body:
      invoiceNumber === null
        ? "Vos points et abonnements sont actifs dès maintenant."
        : `Facture n° ${invoiceNumber}. Vos points et abonnements sont actifs dès maintenant.`,
    action: "Voir ma facturation",
  }),
  "payment-refunded": ({ amount, currency }, f) => ({
    title: `${f.money(amount, currency)} remboursés`,
    body: `Un remboursement de ${f.money(amount, currency)} est en route.`,
    action: "Voir ma facturation",
  }),
  "fleet-failing": ({ vendor, site, failed, finished }) => ({
    title: `${vendor} (${site}) échoue dans ses tâches`,
    body: `Dans la dernière heure, ${failed} des ${finished} tâches du compte fournisseur ${vendor} ont échoué. Vérifiez le compte, ou mettez-le en pause.`,
    action: "Ouvrir la flotte",
  }),
  "fleet-no-vendor": ({ site, waiting }) => ({
    title: `${site} n’a aucun compte fournisseur actif`,
    body: `${waiting} tâches de ${site} attendent, et aucun de ses comptes fournisseurs n’est actif. Reprenez-en un ou ajoutez-en un.`,
    action: "Ouvrir la flotte",
  }),
  "renewal-failed": ({ item, amount, currency, retryAt, endsAt, authentication }, f) => ({
    title: authentication ? `Confirmez le renouvellement de ${item}` : `Le renouvellement de ${item} n’a pas abouti`,
    body: [
      authentication
        ? `Votre banque vous demande de confirmer le paiement de ${f.money(amount, currency)} pour ${item}.`
        : `Votre carte n’a pas été débitée de ${f.money(amount, currency)} pour ${item}.`,
      retryAt
        ? `Nous réessaierons le ${f.date(retryAt)} ; l’abonnement se termine le ${f.date(endsAt)} s’il n’est pas réglé.`
        : `C’était le dernier essai : l’abonnement se termine le ${f.date(endsAt)} (ou s’est terminé). Rachetez-le pour retrouver l’accès.`,
    ].join(" "),
    action: authentication ? "Confirmer le paiement" : "Voir mes cartes",
  }),
  "renewal-payment-due": ({ item, amount, currency, endsAt }, f) => ({
    title: `Le renouvellement de ${item} est prêt à régler`,
    body: `Votre abonnement ${item} se termine le ${f.date(endsAt)}. Réglez ${f.money(amount, currency)} pour le renouveler.`,
    action: "Payer maintenant",
  }),
  "points-expiring": ({ points, expiresAt }, f) => ({
    title: `${points} points expirent le ${f.date(expiresAt)}`,
    body: `${points} de vos points expirent le ${f.date(expiresAt)}. Utilisez-les sur un site d’ici là.`,
    action: "Voir mes points",
  }),
  "ticket-reply": ({ ticketId, subject, author, text }) => ({
    title: `Nouvelle réponse au ticket n° ${ticketId} : ${subject}`,
    body: `${author} a écrit : ${text}`,
    action: "Ouvrir le ticket",
  }),
  greeting: (name) => `Bonjour ${name},`,
  mailFooter: (what) => ({
    text: `Vous recevez ce message car les ${what} sont activés dans vos préférences de notification.`,
    link: "Ne plus recevoir ces messages",
  }),
  preference: {
    subscriptionEnding: "rappels d’abonnement",
    paymentReminder: "rappels de paiement",
    lowBalance: "alertes de solde bas",
    jobDone: "résultats de vos demandes",
  },
};
