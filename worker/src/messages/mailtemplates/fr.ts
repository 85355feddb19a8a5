import type { FeatureCatalog } from "../catalog-types";
import type { en } from "./en";

export const fr: FeatureCatalog<typeof en> = {
  messages: {
    noSuchMailKind: "Aucun courriel n’a ce type.",
    mailTemplateUnknownPlaceholder: "Ce courriel n’a pas de champ {placeholder}. Il propose : {allowed}.",
    mailTemplateMalformed: "Une accolade est mal placée près de « {near} » : un champ est un nom entre deux paires d’accolades.",
  },
  successes: {
    mailTemplateSaved: "Modèle de courriel enregistré : les prochains courriels l’utilisent.",
    mailTemplateReset: "Modèle de courriel réinitialisé : les prochains courriels utilisent le texte par défaut.",
  },
};
