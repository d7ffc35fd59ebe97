import { createAsyncThunk, createSlice, type PayloadAction } from "@reduxjs/toolkit";
import type { UserType } from "@/domain/roles";
import { toApiError, type SerializedApiError } from "@/api-client/api-error";
import { signOut, validateToken } from "@/api-client/auth";
import { clearSession, readStoredUser, saveStoredUser, type AuthUser, type StoredUser } from "@/api-client/auth-storage";

export interface AuthState {
  user: AuthUser | null;
  userType: UserType | null;
  isReady: boolean;
  isLoading: boolean;
  isLoggingOut: boolean;
}

export const initialAuthState: AuthState = {
  user: null,
  userType: null,
  isReady: false,
  isLoading: false,
  isLoggingOut: false,
};

const createAuthThunk = createAsyncThunk.withTypes<{
  state: { auth: AuthState };
  rejectValue: SerializedApiError;
}>();

/**
 * Loads the user kept in local storage and checks its tokens with the endpoint of its
 * type. Nothing stored: no user, and no call. A 401 forgets the stored tokens and user.
 */
export const loadUser = createAuthThunk<StoredUser | null, void>("auth/loadUser", async (_, { rejectWithValue }) => {
  const stored = readStoredUser();
  if (!stored) return null;
  try {
    const user = await validateToken(stored.userType);
    const fresh: StoredUser = { user, userType: stored.userType };
    saveStoredUser(fresh);
    return fresh;
  } catch (thrown) {
    const error = toApiError(thrown);
    if (error.status === 401) clearSession();
    return rejectWithValue(error.toJSON());
  }
});

/**
 * Signs out with the endpoint of the user's type. The server's answer does not matter:
 * the visitor asked to leave, so local tokens and user data are always forgotten.
 */
export const logout = createAuthThunk<void, void>("auth/logout", async (_, { getState }) => {
  const userType = getState().auth.userType ?? readStoredUser()?.userType ?? null;
  if (userType) {
    try {
      await signOut(userType);
    } catch {
      // Ignored on purpose (SPEC §4): an expired or unreachable session is signed out anyway.
    }
  }
  clearSession();
});

export const authSlice = createSlice({
  name: "auth",
  initialState: initialAuthState,
  reducers: {
    /** After a successful sign-in (api-client `signIn` has stored tokens and user). */
    signedIn(state, action: PayloadAction<StoredUser>) {
      state.user = action.payload.user;
      state.userType = action.payload.userType;
      state.isReady = true;
      state.isLoading = false;
    },
    /** The server ended the session (a 401 with stored tokens). */
    sessionExpired(state) {
      state.user = null;
      state.userType = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadUser.pending, (state) => {
        state.isLoading = true;
      })
      .addCase(loadUser.fulfilled, (state, action) => {
        state.user = action.payload?.user ?? null;
        state.userType = action.payload?.userType ?? null;
        state.isReady = true;
        state.isLoading = false;
      })
      .addCase(loadUser.rejected, (state) => {
        state.isLoading = false;
        state.isReady = true;
      })
      .addCase(logout.pending, (state) => {
        state.isLoggingOut = true;
      })
      .addCase(logout.fulfilled, (state) => {
        state.user = null;
        state.userType = null;
        state.isLoggingOut = false;
      })
      .addCase(logout.rejected, (state) => {
        state.isLoggingOut = false;
      });
  },
  selectors: {
    selectUser: (state) => state.user,
    selectUserType: (state) => state.userType,
    selectIsSignedIn: (state) => state.user !== null,
    selectIsAuthReady: (state) => state.isReady,
    selectIsAuthLoading: (state) => state.isLoading,
    selectIsLoggingOut: (state) => state.isLoggingOut,
  },
});

export const { signedIn, sessionExpired } = authSlice.actions;
export const { selectUser, selectUserType, selectIsSignedIn, selectIsAuthReady, selectIsAuthLoading, selectIsLoggingOut } =
  authSlice.selectors;

/**
 * App start (SPEC §4): when nothing is loading and the state is not ready, load the user.
 * Returns the dispatched load, or null when none was needed.
 */
export function ensureUserLoaded(
  dispatch: (action: ReturnType<typeof loadUser>) => ReturnType<ReturnType<typeof loadUser>>,
  getState: () => { auth: AuthState },
): ReturnType<ReturnType<typeof loadUser>> | null {
  const { isLoading, isReady } = getState().auth;
  if (isLoading || isReady) return null;
  return dispatch(loadUser());
}
