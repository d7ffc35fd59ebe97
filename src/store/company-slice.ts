import { createSlice, type PayloadAction, type ThunkAction, type UnknownAction } from "@reduxjs/toolkit";
import { clearStoredCompany, readStoredCompany, saveStoredCompany, type Company } from "@/api-client/auth-storage";

export interface CompanyState {
  company: Company | null;
}

export const initialCompanyState: CompanyState = { company: null };

export const companySlice = createSlice({
  name: "company",
  initialState: initialCompanyState,
  reducers: {
    /** Mirrors what local storage holds (the api-client reads the header value there). */
    companyRestored(state, action: PayloadAction<Company | null>) {
      state.company = action.payload;
    },
    companySet(state, action: PayloadAction<Company>) {
      state.company = action.payload;
    },
    companyCleared(state) {
      state.company = null;
    },
  },
  selectors: {
    selectCompany: (state) => state.company,
    selectCompanyId: (state) => state.company?.id ?? null,
  },
});

export const { companyRestored, companySet, companyCleared } = companySlice.actions;
export const { selectCompany, selectCompanyId } = companySlice.selectors;

type CompanyThunk = ThunkAction<void, { company: CompanyState }, unknown, UnknownAction>;

/** Acts for a company: kept in local storage, its id sent as `company-id` on every call. */
export function selectActiveCompany(company: Company): CompanyThunk {
  return (dispatch) => {
    saveStoredCompany(company);
    dispatch(companySet(company));
  };
}

export function clearActiveCompany(): CompanyThunk {
  return (dispatch) => {
    clearStoredCompany();
    dispatch(companyCleared());
  };
}

/** Loads the stored company into the state (done once the page runs in the browser). */
export function restoreCompany(): CompanyThunk {
  return (dispatch) => {
    dispatch(companyRestored(readStoredCompany()));
  };
}
