import type { FeatureCatalog } from "../catalog-types";
import type { en } from "./en";

export const fr: FeatureCatalog<typeof en> = {
  messages: {
    noSuchArticle: "Aucun article publié n’a cette adresse.",
    noSuchCourse: "Aucun cours ne porte ce nom.",
    articleSlugTaken: "Un autre article a déjà cette adresse.",
  },
  successes: {
    articleSaved: "L’article est enregistré.",
    articleDeleted: "L’article est supprimé.",
    articleMarkedRead: "L’article est marqué comme lu.",
  },
};
