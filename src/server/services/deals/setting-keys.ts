/** Keys of the deal_settings rows: each funnel keeps its state under its own key. */
export const FUNNEL_SETTING_KEY = "funnel";
