import { ADVISOR_PHONE, ADVISOR_PHONE_E164 } from "@/config/brand";
import { PhoneIcon } from "@/ui/phone-icon";

/**
 * The advisors' number. On narrow screens only an icon shows, except for visitors who
 * came from a campaign with phone tracking: for them the full number is displayed
 * (body.phone-tracking, see globals.css).
 */
export function PhoneLink({ ariaLabel, className, compactOnPhone = true }: { ariaLabel: string; className?: string; compactOnPhone?: boolean }) {
  return (
    <a href={`tel:${ADVISOR_PHONE_E164}`} aria-label={ariaLabel} className={className}>
      <PhoneIcon />
      <span className={compactOnPhone ? "phone-number" : undefined} dir="ltr">{ADVISOR_PHONE}</span>
    </a>
  );
}
