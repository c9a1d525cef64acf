// Apart from tabs.ts: the layouts (on the first route) need only this, the tabs load with the bar.

/**
 * An open conversation has no tab bar: the composer takes the bottom of the screen, as in the
 * dating and messaging apps members know; the chat header's back button leads out.
 */
const WITHOUT_TAB_BAR = new Set(['chats-id', 'members-id-chat']);
export const hasTabBar = (routeName: string) => !WITHOUT_TAB_BAR.has(routeName);
