/** Plan changes (issue 40 item 3): the feature's API texts in English, its key set (see reviews/en.ts on ../types). */
export const en = {
  messages: {
    noSuchSubscriptionToChange: "No subscription of yours has this id.",
    subscriptionNotActive: "Only a subscription running now can change plan.",
    samePlan: "This is already the subscription's plan: choose another one.",
    planChangePending: "A change of this subscription to another plan is waiting for its payment: pay or cancel it first.",
    planChangeNotMade: "The plan change could not be made: try again.",
  },
  successes: {
    planChangeMade: "Your plan change is ready: pay it to switch.",
    planChanged: "Your plan has changed.",
  },
} as const;
