import { DELIVERY_REFUSAL_CODES } from "@/domain/flowers/delivery-rules";
/**
 * Error codes shared by the server (which answers them, see DESIGN "Errors") and
 * the browser (which turns them into a sentence from the "Errors" messages namespace).
 */
export const ERROR_CODES = [
  "client__email__taken",
  "sending__letter__feature__invalid",
  "no_network",
  "unhandled",
  "not_found",
  "bad_request",
  "invalid_json",
  "validation_failed",
  "unauthorized",
  "forbidden",
  "payload_too_large",
  "rate_limited",
  "internal_error",
  // Authentication (DESIGN "Auth").
  "invalid_credentials",
  "email_required",
  "email_invalid",
  "password_required",
  "password_too_short",
  "password_too_long",
  "password_too_common",
  "password_mismatch",
  "current_password_required",
  "current_password_invalid",
  "reset_token_invalid",
  "redirect_url_not_allowed",
  "session_expired",
  "oidc_unavailable",
  "oidc_failed",
  "oidc_email_not_verified",
  "oidc_account_not_found",
  // Family roles and invitations (src/domain/family-roles.ts, SPEC §4).
  "ability__role__owner_link_only",
  "ability__role__owner_unique",
  "ability__owner__not_removable",
  "ability__field__not_editable",
  "invitation__email__already_member",
  "invitation__email__mismatch",
  "invitation__expired",
  "invitation__revoked",
  "invitation__already_accepted",
  "invitation__already_member",
  // Client space: procedures, formalities, clients (SPEC §5, §7).
  "client__incomplete",
  "administrative_procedure__archived",
  "formality__companies_formality_id__taken",
  "formality__state__transition_invalid",
  "formality__recipient__no_email",
  "company__not_acting_for",
  "defunct__death_date__in_future",
  "defunct__birth_date__after_death_date",
  // Supporting documents (src/domain/supporting-documents.ts): why a file or a change was refused.
  "supporting_document__file__missing",
  "supporting_document__file__empty",
  "supporting_document__file__too_large",
  "supporting_document__file__type_invalid",
  "supporting_document__file__polyglot",
  "supporting_document__file__active_content",
  "supporting_document__file__unreadable",
  "supporting_document__file__too_many_pixels",
  "supporting_document__file__heic_unsupported",
  "supporting_document__file__too_many",
  "supporting_document__owners__missing",
  "supporting_document__owner__invalid",
  "supporting_document__document_type__invalid",
  "supporting_document__expiry_date__before_issue_date",
  // Payments (issue 12).
  "payer__country_code__blank",
  "payer__country_code__invalid",
  "payment__card__country_not_allowed",
  "payment__amount__above_remaining",
  "payment__amount__above_part",
  "payment__for_everyone__invalid",
  "payment__deal__nothing_due",
  "payment__deal__not_payable",
  "payment__plan__invalid",
  "payment__plan__not_eligible",
  "payment__provider__unavailable",
  "payment__refund__above_captured",
  "payment__refund__not_captured",
  "refund__amount__invalid",
  "payment__callback__forged",
  // Family split of a deal's balance (issue 12).
  "payment_shares__mode__invalid",
  "payment_shares__payers__invalid",
  "payment_shares__payers__too_many",
  "payment_shares__payer__invalid",
  "payment_shares__payer__duplicated",
  "payment_shares__payer__not_holder",
  "payment_shares__amount__invalid",
  "payment_shares__amounts__sum_mismatch",
  "payment_shares__share__invalid",
  "payment_shares__balance__nothing_due",
  // Flowers funnel (issue 13): the delivery rules (src/domain/flowers/delivery-rules.ts) and the order.
  ...DELIVERY_REFUSAL_CODES,
  "delivery__funeral_deal__no_ceremony",
  "delivery__funeral_deal__no_date",
  "delivery__funeral_deal__no_place",
  "flower_order__product__unknown",
  "flower_order__product__not_deliverable",
  "flower_order__quantity__out_of_range",
  "flower_order__items__missing",
  "flower_order__items__too_many",
  "flower_order__items__duplicate",
  "flower_order__client__missing",
  "flower_message__text__too_long",
  "flower_message__text__blank",
  "flower_order__order_key__invalid",
  // Monument configurator (issue 13).
  "monument__model__missing",
  "monument__granite__missing",
  "monument__graveyard__unknown",
  "monument__concession_type__unknown",
  "monument__option__unavailable",
  "monument__engraving__unavailable",
  "monument__engraving_line__too_long",
  "monument__engraving_lines__too_many",
  "monument__engraving_line__invalid_characters",
  "monument__accessories__too_many",
  "monument__accessory_quantity__too_big",
  "monument__burial_date__in_future",
  // Back-office deals (issue 14): state machine (src/domain/deal-states.ts), people, steps.
  "deal__state__invalid",
  "deal__state__transition_invalid",
  // Statistics (GET /api/v1/statistics).
  "statistics__period__reversed",
  "statistics__period__too_long",
  "deal__user_id__not_assignable",
  "deal__client_id__not_found",
  "deal__empowered_client__not_member",
  "deal__owner__no_email",
  "defunct__id__blank",
  "defunct__id__not_found",
  "deal_step__location_type__blank",
  "deal_step__step_type__unknown",
  "notification__ids__too_many",
  // Deal documents and batches (issue 14, src/server/services/deal-documents/).
  "document__document_type__invalid",
  "document__name__too_long",
  "document__name__invalid",
  "document__id__sent",
  "document_batch__name__blank",
  "document_batch__name__too_long",
  "document_batch__name__invalid",
  "document_batch__message__too_long",
  "document_batch__email__invalid",
  "document_batch__email__taken",
  "document_batch__document_id__not_found",
  "document_batch__documents__missing",
  "document_batch__documents__too_many",
  "document_batch__documents__too_large",
  "document_batch__recipients__missing",
  "document_batch__recipients__too_many",
  "document_batch__state__sent",
  "document_edition__editable_document_id__not_found",
  "document_edition__editable_document_id__kind_mismatch",
  "document_edition__content__blank",
  "document_edition__content__too_long",
  "document_edition__content__incomplete",
  "editable_document__deal_type__invalid",
  "signature_request__document_id__not_found",
  "signature_request__document_id__not_pdf",
  "signature_request__client_id__not_member",
  "signature_request__client_id__no_email",
  "signature_request__status__closed",
  "signature__name__blank",
  "signature__name__mismatch",
  "signature__consent__required",
  "signature__status__closed",
  "signature__status__expired",
  "upload_file__id__not_found",
  "booking_transaction__status__invalid",
  "booking_transaction__comment__too_long",
  // Flights of the directory (issue 15, src/domain/directory/logistics-types.ts).
  "flight__arrival_airport_id__same_airport",
  "flight__stopover_airport_id__same_airport",
  // Directory (issue 15): what a partner's own codes fall back to, and the CSV import's report.
  "directory__entry__in_use",
  "directory__id__missing",
  "directory__reference__not_found",
  "directory__duplicate",
  "directory_import__lines__rejected",
  "directory_import__column__unknown",
  "directory_import__column__repeated",
  "directory_import__line__duplicate",
  "directory_import__line__unterminated_quote",
  "directory_import__line__column_count",
  "directory_import__file__empty",
  "directory_import__file__missing",
  "directory_import__file__unsupported",
  "directory_import__file__not_utf8",
  "directory_import__file__too_many_lines",
  // Deal extras (issue 14): reviews, service suggestions, supplier price requests.
  "review_request__deal__not_finished",
  "review_request__already_sent",
  "review_request__already_reviewed",
  "review_request__force__invalid",
  "review__published__invalid",
  "review__author_name__blank",
  "review__author_name__too_long",
  "review__rating__invalid",
  "review__title__too_long",
  "review__body__blank",
  "review__body__too_long",
  "review__not_requested",
  "review__already_left",
  "service_suggestion__name__blank",
  "service_suggestion__name__too_long",
  "service_suggestion__description__too_long",
  "service_suggestion__price_cents__invalid",
  "service_suggestion__deal_id__invalid",
  "service_suggestion__already_decided",
  "price_request__supplier_ids__blank",
  "price_request__supplier_ids__invalid",
  "price_request__supplier_ids__too_long",
  "price_request__supplier_ids__unknown",
  "price_request__supplier__no_email",
  "price_request__job__blank",
  "price_request__job__too_long",
  "price_request__needed_on__invalid",
  "price_request__place__too_long",
  "price_request__price_cents__invalid",
  "price_request__delay_days__invalid",
  "price_request__comment__too_long",
  "price_request__decision__invalid",
  "price_request__closed",
  "price_request__not_answered",
  "entity_invoice__state__immutable",
  "entity_invoice__prestations__empty",
  "entity_invoice__credit_note__draft",
  "entity_invoice__credit_note__of_credit_note",
  "entity_invoice__credit_note__exists",
  "entity_invoice__state__not_pending",
  "entity_invoice__state__not_paid",
  "entity_invoice__entity__unknown",
  "entity_invoice_prestation__cost_ttc__inconsistent",
  "entity_invoice_prestation__deal_id__unknown",
  "entity_invoice_prestation__description__blank",
  "entity_invoice_prestation__vat_rate_bp__invalid",
  "entity_invoice__bank_transfer_label__blank",
  "entity_invoice__facturx__draft",
  "entity_invoice__payee_iban__invalid",
  "entity_invoice__payee_bic__invalid",
  "entity_invoice__payee_iban__missing",
  "entity_invoice__transfer__empty",
  // The assistant's chat service (issue 17, src/domain/schemas/chat.ts).
  "assistant__engine__unavailable",
  "assistant__engine__failed",
  "chat_conversation__messages__too_many",
  "chat_message__content__blank",
  "chat_message__content__too_long",
  "chat_feedback__message__taken",
  "chat_feedback__message__not_an_answer",
  "mail_redaction__date_of_death__in_future",
  "mail_redaction__deceased_birth_date__after_date_of_death",
  "mail_redaction__template__invalid",
  "text_completion__content__too_long",
  "translation__content__too_long",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Code for a failure nothing more specific describes. */
export const UNHANDLED: ErrorCode = "unhandled";
/** Code for a request that never reached the server. */
export const NO_NETWORK: ErrorCode = "no_network";

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && (ERROR_CODES as readonly string[]).includes(value);
}

/**
 * Key in the "Errors" messages namespace for a code. Unknown codes (a newer server,
 * a typo) still give the user a sentence rather than a raw identifier.
 */
export function messageKeyForCode(code: unknown): ErrorCode {
  if (isErrorCode(code)) return code;
  const directory = typeof code === "string" ? directoryMessageKey(code) : null;
  if (directory) return directory;
  // Field-level codes (`<resource>__<field>__<problem>`) share the generic "check this field" message.
  if (typeof code === "string" && FIELD_CODE.test(code)) return "validation_failed";
  return UNHANDLED;
}

/**
 * The directory's codes name their resource (`crematorium__entry__in_use`,
 * `crematorium_room__id__missing`, `graveyard_concession__concession_term_id__not_found`):
 * each family shares one sentence.
 */
function directoryMessageKey(code: string): ErrorCode | null {
  if (/^[a-z_]+__entry__in_use$/.test(code)) return "directory__entry__in_use";
  if (/^[a-z_]+__body__duplicate$/.test(code)) return "directory__duplicate";
  if (/^[a-z_]+__id__missing$/.test(code)) return "directory__id__missing";
  if (/^[a-z_]+__(id|[a-z0-9_]+_ids?)__not_found$/.test(code)) return "directory__reference__not_found";
  return null;
}

const FIELD_CODE = /^[a-z_]+__[a-z0-9_]+__?(invalid|blank|required|too_long|too_short|too_big|too_small|unsupported|missing|unknown|in_future)$|^[a-z_]+__(invalid|blank|required|too_long|too_big|unsupported)$/;

/** Message keys for a list of codes, without repeats, never empty. */
export function messageKeysForCodes(codes: readonly unknown[]): ErrorCode[] {
  const keys = [...new Set(codes.map(messageKeyForCode))];
  return keys.length > 0 ? keys : [UNHANDLED];
}
