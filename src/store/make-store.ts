import { combineReducers, configureStore } from "@reduxjs/toolkit";
import { attributionSlice } from "@/store/attribution-slice";
import { authSlice } from "@/store/auth-slice";
import { companySlice } from "@/store/company-slice";
import { createAppListeners } from "@/store/listeners";

const rootReducer = combineReducers({
  auth: authSlice.reducer,
  company: companySlice.reducer,
  attribution: attributionSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/**
 * A new store for each request on the server and once per page in the browser, so one
 * visitor's state never leaks into another's render. State starts empty on both sides
 * (no storage read here) so hydration matches; the browser fills it on start.
 */
export function makeStore(preloadedState?: Partial<RootState>) {
  const listeners = createAppListeners();
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().prepend(listeners.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore["dispatch"];
