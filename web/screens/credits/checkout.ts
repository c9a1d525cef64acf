/** Leaves the app for the payment provider's page (a full navigation: the provider sends the member back). */
export const checkout = {
  go(url: string) {
    window.location.assign(url);
  },
};
