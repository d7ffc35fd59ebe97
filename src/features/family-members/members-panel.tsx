"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { INVITABLE_ROLES, INVITATION_VALIDITY_DAYS, type FamilyAction } from "@/domain/family-roles";
import type { DealAbilityRole } from "@/domain/roles";
import { FAMILY_LINKS, type FamilyLink } from "@/domain/schemas/administrative-procedure";
import { authEmailSchema } from "@/domain/schemas/auth";
import type { FamilyMember, FamilyMembers, FamilyTargetType, PendingInvitation } from "@/domain/schemas/family";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { Heading } from "@/ui/heading";
import { Input } from "@/ui/input";
import { Select } from "@/ui/select";
import { codesOf, familyCalls, type FamilyTargetRef } from "./family-api";
import { useDateText, useFamilyErrors } from "./family-text";
import { personName } from "@/domain/person-name";

/**
 * Who is in a family file (a deal or an administrative procedure) and, for its owner, the
 * controls to invite a relative or the notary, change a role or a link, remove someone or
 * withdraw an invitation. Other members see the list and may correct their own link or
 * leave. Only the controls the caller's actions allow are drawn; the server checks again.
 *
 * Mounted by a page of the client space (app/ composition), e.g. the procedure page:
 * `<MembersPanel targetType="administrative_procedure" targetId={id} actions={view.actions} />`.
 */
export interface MembersPanelProps {
  targetType: FamilyTargetType;
  targetId: number;
  /**
   * What the caller may do on this file (the file's view or GET …/abilities `meta.actions`).
   * Without `procedure:read` (the notary) the panel draws nothing. The list's own answer refines it.
   */
  actions?: readonly FamilyAction[];
  /** Level of the panel's heading in the page outline. */
  headingLevel?: 2 | 3;
}

const inviteFormSchema = z.object({
  email: authEmailSchema,
  role: z.enum(INVITABLE_ROLES, { error: "ability__role__invalid" }),
  link: z.union([z.enum(FAMILY_LINKS), z.literal("")]),
});
type InviteFormInput = z.input<typeof inviteFormSchema>;

type Load = { state: "loading" } | { state: "failed"; codes: string[] } | { state: "ready"; data: FamilyMembers };

export function MembersPanel({ targetType, targetId, actions, headingLevel = 2 }: MembersPanelProps) {
  const t = useTranslations("Family");
  const errors = useFamilyErrors();
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string[]>([]);
  const problemRef = useRef<HTMLDivElement>(null);
  const target: FamilyTargetRef = { targetType, targetId };
  const hidden = actions !== undefined && !actions.includes("procedure:read");

  const reload = useCallback(async () => {
    try {
      const data = await familyCalls().members({ targetType, targetId });
      setLoad({ state: "ready", data });
    } catch (error) {
      setLoad({ state: "failed", codes: codesOf(error) });
    }
  }, [targetType, targetId]);

  useEffect(() => {
    if (hidden) return;
    let cancelled = false;
    familyCalls()
      .members({ targetType, targetId })
      .then((data): Load => ({ state: "ready", data }))
      .catch((error: unknown): Load => ({ state: "failed", codes: codesOf(error) }))
      .then((loaded) => {
        if (!cancelled) setLoad(loaded);
      });
    return () => {
      cancelled = true;
    };
  }, [targetType, targetId, hidden]);

  useEffect(() => {
    if (problem.length > 0) problemRef.current?.focus();
  }, [problem]);

  /** Runs a change, then shows its result and the list as the server now has it. */
  async function run(change: () => Promise<unknown>, done: string): Promise<boolean> {
    setProblem([]);
    setNotice(null);
    try {
      await change();
      setNotice(done);
      await reload();
      return true;
    } catch (error) {
      setProblem(codesOf(error));
      return false;
    }
  }

  if (hidden) return null;
  const titleId = `family-members-${targetType}-${targetId}`;
  const data = load.state === "ready" ? load.data : null;
  const allowed = data?.meta.actions ?? actions ?? [];
  const manages = allowed.includes("members:manage");

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <Heading level={headingLevel} size="lg" id={titleId}>
          {t("panel.title")}
        </Heading>
        <p className="text-ink-soft">{t("panel.intro")}</p>
      </div>

      <div role="status" aria-live="polite" className="empty:hidden">
        {notice ? <Alert tone="success" announce={false}>{notice}</Alert> : null}
      </div>
      {problem.length > 0 ? (
        <div ref={problemRef} tabIndex={-1} className="outline-none">
          <Alert tone="error" title={t("panel.errorTitle")}>
            <ul className="list-disc ps-5">
              {errors.many(problem).map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </Alert>
        </div>
      ) : null}

      {load.state === "loading" ? (
        <p role="status" className="text-ink-soft">
          {t("panel.loading")}
        </p>
      ) : null}
      {load.state === "failed" ? (
        <Alert tone="error" title={t("panel.loadError")}>
          <p>{errors.many(load.codes).join(" ")}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void reload()}>
            {t("panel.retry")}
          </Button>
        </Alert>
      ) : null}

      {data ? (
        <ul className="flex flex-col gap-3">
          {data.data.map((member) => (
            <MemberItem key={member.id} member={member} manages={manages} target={target} run={run} />
          ))}
        </ul>
      ) : null}

      {data && manages && data.invitations.length > 0 ? <PendingList invitations={data.invitations} target={target} run={run} headingLevel={headingLevel} /> : null}
      {data && manages ? <InviteForm target={target} run={run} headingLevel={headingLevel} /> : null}
      {data && !manages ? <p className="text-base text-ink-soft">{t("panel.ownerOnly")}</p> : null}
    </section>
  );
}

type Run = (change: () => Promise<unknown>, done: string) => Promise<boolean>;

function useNames() {
  const t = useTranslations("Family");
  return {
    name: (member: Pick<FamilyMember, "firstname" | "lastname">) => personName(member) || t("panel.unnamed"),
    role: (role: DealAbilityRole) => t(`roles.${role}`),
    link: (link: string | null) => ((FAMILY_LINKS as readonly string[]).includes(link ?? "") ? t(`links.${link as FamilyLink}`) : t("panel.noLink")),
  };
}

function MemberItem({ member, manages, target, run }: { member: FamilyMember; manages: boolean; target: FamilyTargetRef; run: Run }) {
  const t = useTranslations("Family");
  const names = useNames();
  const name = names.name(member);
  const [role, setRole] = useState<DealAbilityRole>(member.role);
  const [link, setLink] = useState<string>(member.link ?? "");
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const isOwner = member.role === "owner";
  const canChangeRole = manages && !isOwner;
  const canChangeLink = manages || member.self;
  const canRemove = !isOwner && (manages || member.self);
  const changed = role !== member.role || link !== (member.link ?? "");

  async function save() {
    setBusy(true);
    const body: { role?: DealAbilityRole; link: FamilyLink | null } = { link: link === "" ? null : (link as FamilyLink) };
    if (canChangeRole) body.role = role;
    await run(() => familyCalls().update(target, member.id, body), t("panel.updated", { name }));
    setBusy(false);
  }

  async function remove() {
    setBusy(true);
    const ok = await run(() => familyCalls().remove(target, member.id), member.self ? t("panel.left") : t("panel.removed", { name }));
    if (!ok) setBusy(false);
    setConfirming(false);
  }

  return (
    <li className="flex flex-col gap-3 rounded-md border border-line bg-surface p-4">
      <div className="flex flex-col gap-0.5">
        <p className="font-semibold text-ink">
          {name}
          {member.self ? <span className="ms-1 font-normal text-ink-soft">({t("panel.you")})</span> : null}
        </p>
        <p className="text-ink-soft">
          {names.role(member.role)} · {names.link(member.link)}
        </p>
        {member.email ? <p className="break-all text-base text-ink-soft">{member.email}</p> : null}
      </div>

      {canChangeRole || canChangeLink ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          {canChangeRole ? (
            <Select
              label={t("panel.roleOf", { name })}
              value={role}
              onChange={(e) => setRole(e.target.value as DealAbilityRole)}
              options={INVITABLE_ROLES.map((r) => ({ value: r, label: names.role(r) }))}
              containerClassName="sm:flex-1"
            />
          ) : null}
          <Select
            label={t("panel.linkOf", { name })}
            value={link}
            onChange={(e) => setLink(e.target.value)}
            options={[{ value: "", label: t("panel.linkNone") }, ...FAMILY_LINKS.map((l) => ({ value: l, label: t(`links.${l}`) }))]}
            containerClassName="sm:flex-1"
          />
          <Button variant="secondary" onClick={() => void save()} disabled={!changed} loading={busy && !confirming}>
            {t("panel.save")}
          </Button>
        </div>
      ) : null}

      {canRemove ? (
        confirming ? (
          <div className="flex flex-col gap-3 rounded-md bg-sand-50 p-3" role="group" aria-label={member.self ? t("panel.leave") : t("panel.remove", { name })}>
            <p>{member.self ? t("panel.confirmLeave") : t("panel.confirmRemove", { name })}</p>
            <div className="flex flex-wrap gap-3">
              <Button variant="danger" onClick={() => void remove()} loading={busy} autoFocus>
                {t("panel.confirm")}
              </Button>
              <Button variant="ghost" onClick={() => setConfirming(false)}>
                {t("panel.cancel")}
              </Button>
            </div>
          </div>
        ) : (
          <div>
            <Button variant="ghost" onClick={() => setConfirming(true)}>
              {member.self ? t("panel.leave") : t("panel.remove", { name })}
            </Button>
          </div>
        )
      ) : null}
    </li>
  );
}

function PendingList({ invitations, target, run, headingLevel }: { invitations: PendingInvitation[]; target: FamilyTargetRef; run: Run; headingLevel: 2 | 3 }) {
  const t = useTranslations("Family");
  const date = useDateText();
  return (
    <div className="flex flex-col gap-3">
      <Heading level={(headingLevel + 1) as 3 | 4} size="sm">
        {t("panel.pendingTitle")}
      </Heading>
      <ul className="flex flex-col gap-2">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-col gap-2 rounded-md border border-dashed border-line-strong p-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="break-all font-medium">{invitation.email}</p>
              <p className="text-base text-ink-soft">{t("panel.pendingUntil", { role: t(`roles.${invitation.role}`), date: date(invitation.expires_at) })}</p>
            </div>
            <Button variant="ghost" onClick={() => void run(() => familyCalls().withdraw(target, invitation.id), t("panel.withdrawn", { email: invitation.email }))}>
              {t("panel.withdraw", { email: invitation.email })}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function InviteForm({ target, run, headingLevel }: { target: FamilyTargetRef; run: Run; headingLevel: 2 | 3 }) {
  const t = useTranslations("Family");
  const errors = useFamilyErrors();
  const { register, handleSubmit, formState, reset } = useForm<InviteFormInput>({
    resolver: zodResolver(inviteFormSchema),
    defaultValues: { email: "", role: "reader", link: "" },
  });

  async function onSubmit(values: InviteFormInput) {
    const email = values.email.trim().toLowerCase();
    const ok = await run(
      () => familyCalls().invite(target, { email, role: values.role, link: values.link === "" ? null : (values.link as FamilyLink) }),
      t("panel.sent", { email }),
    );
    // What was typed stays on screen when the invitation was refused.
    if (ok) reset();
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4 rounded-md border border-line bg-sand-50 p-4">
      <div className="flex flex-col gap-1">
        <Heading level={(headingLevel + 1) as 3 | 4} size="sm">
          {t("panel.inviteTitle")}
        </Heading>
        <p className="text-base text-ink-soft">{t("panel.inviteIntro", { days: INVITATION_VALIDITY_DAYS })}</p>
      </div>
      <Input
        label={t("panel.email")}
        type="email"
        autoComplete="off"
        inputMode="email"
        required
        error={errors.one(formState.errors.email?.message)}
        {...register("email")}
      />
      <div className="flex flex-col gap-4 sm:flex-row">
        <Select
          label={t("panel.role")}
          required
          hint={undefined}
          error={errors.one(formState.errors.role?.message)}
          options={INVITABLE_ROLES.map((r) => ({ value: r, label: `${t(`roles.${r}`)} – ${t(`roleHints.${r}`)}` }))}
          containerClassName="sm:flex-1"
          {...register("role")}
        />
        <Select
          label={t("panel.link")}
          options={[{ value: "", label: t("panel.linkNone") }, ...FAMILY_LINKS.map((l) => ({ value: l, label: t(`links.${l}`) }))]}
          containerClassName="sm:flex-1"
          {...register("link")}
        />
      </div>
      <div>
        <Button type="submit" loading={formState.isSubmitting} className="w-full sm:w-auto">
          {formState.isSubmitting ? t("panel.sending") : t("panel.send")}
        </Button>
      </div>
    </form>
  );
}
