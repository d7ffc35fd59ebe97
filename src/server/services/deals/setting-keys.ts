/** Keys of the deal_settings rows: each funnel keeps its state under its own key. */
export const FUNNEL_SETTING_KEY = "funnel";
/** The tombstone configurator's state (configuration, step, contact channel...). */
export const MARBLE_FUNNEL_SETTING_KEY = "marble_funnel";
