import { createSlice, type PayloadAction, type ThunkAction, type UnknownAction } from "@reduxjs/toolkit";
import { captureAttribution, type MarketingAttributes } from "@/domain/attribution";
import { readAttribution, saveAttribution, updateStoredConsent } from "@/store/attribution-storage";

export interface AttributionState {
  /** Attributes captured on this page load, until consumed. */
  attributes: MarketingAttributes | null;
  /** The visitor's marketing consent, applied to attributes captured later too. */
  consent: boolean;
}

export const initialAttributionState: AttributionState = { attributes: null, consent: false };

export const attributionSlice = createSlice({
  name: "attribution",
  initialState: initialAttributionState,
  reducers: {
    attributionCaptured(state, action: PayloadAction<MarketingAttributes>) {
      state.attributes = action.payload;
    },
    attributionConsumed(state) {
      state.attributes = null;
    },
    consentChanged(state, action: PayloadAction<boolean>) {
      state.consent = action.payload;
      if (state.attributes) state.attributes.consent = action.payload;
    },
  },
  selectors: {
    selectAttribution: (state) => state.attributes,
    selectHasTracking: (state) => state.attributes?.tracking_type != null,
    selectAttributionConsent: (state) => state.consent,
  },
});

export const { attributionCaptured, attributionConsumed, consentChanged } = attributionSlice.actions;
export const { selectAttribution, selectHasTracking, selectAttributionConsent } = attributionSlice.selectors;

type AttributionThunk<R> = ThunkAction<R, { attribution: AttributionState }, unknown, UnknownAction>;

/**
 * Captures the tracking parameters of a landing URL's query and saves them for 90 days.
 * A URL without any leaves earlier attributes untouched.
 */
export function captureAttributionFromUrl(search: URLSearchParams | string, now: Date = new Date()): AttributionThunk<MarketingAttributes | null> {
  return (dispatch, getState) => {
    const attributes = captureAttribution(search, { now, consent: getState().attribution.consent });
    if (attributes) {
      saveAttribution(attributes);
      dispatch(attributionCaptured(attributes));
    }
    return attributes;
  };
}

/** Takes the stored attributes to send with a request; later reads get nothing. */
export function consumeAttribution(now: Date = new Date()): AttributionThunk<MarketingAttributes | null> {
  return (dispatch) => {
    const attributes = readAttribution(now);
    dispatch(attributionConsumed());
    return attributes;
  };
}

export function setAttributionConsent(consent: boolean): AttributionThunk<void> {
  return (dispatch) => {
    updateStoredConsent(consent);
    dispatch(consentChanged(consent));
  };
}
