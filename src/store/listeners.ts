import { createListenerMiddleware, isRejected, type ListenerMiddlewareInstance, type UnknownAction } from "@reduxjs/toolkit";
import { isChunkLoadError, reportError } from "@/domain/report";
import { ApiError, isSerializedApiError, toApiError } from "@/api-client/api-error";

interface RejectedLike {
  type: string;
  payload?: unknown;
  error?: unknown;
  meta?: { aborted?: boolean; condition?: boolean };
}

/**
 * The error of a rejected async action as an ApiError: the value given to rejectWithValue
 * when it is one (thunks of this store serialize theirs), else the serialized error.
 */
export function rejectionError(action: RejectedLike): ApiError {
  if (isSerializedApiError(action.payload)) return ApiError.fromJSON(action.payload);
  return toApiError(action.error ?? action.payload);
}

/**
 * SPEC §4: any rejected async action is reported. Cancellations (aborted, or skipped by
 * a condition) are not failures, and chunk-loading errors are dropped by reportError.
 */
export function reportRejectedAction(action: RejectedLike): void {
  if (action.meta?.aborted || action.meta?.condition) return;
  if (isChunkLoadError(action.error)) return;
  const error = rejectionError(action);
  reportError(error, { action: action.type, status: error.status, codes: error.codes });
}

export function createAppListeners(): ListenerMiddlewareInstance {
  const listeners = createListenerMiddleware();
  listeners.startListening({
    matcher: isRejected,
    effect: (action: UnknownAction) => reportRejectedAction(action as RejectedLike),
  });
  return listeners;
}
