// /dataRecovery (application.md §2, §6 member feature, §9 kept 6 months): the deleted templates,
// template folders, data folders and data files with their deletion date and days left; restore
// (members; a free user gets the membership prompt) and delete forever (after a confirmation), one by
// one or several selected at once.
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { deleteForever, itemKey, listDeleted, type RecycleItem, restoreDeleted } from "../../api/recovery";
import { useMembershipOn } from "../../auth/membership";
import { ItemTable } from "../../ui/ItemTable";
import { message } from "../../ui/message";
import { ConfirmDialog } from "../cloudData/ConfirmDialog";
import { MembershipPrompt } from "../member/MembershipPrompt";
import "./dataRecovery.css";
import { dateText } from "../../settings/dateText";

/** The translation key naming an item's kind. */
function kindKey(i: RecycleItem): string {
  if (i.kind === "template") return "app.recovery.kind.template";
  if (i.kind === "templateFolder") return "app.recovery.kind.templateFolder";
  if (i.kind === "dataFolder")
    return i.type === 2 ? "app.recovery.kind.sheetFolder" : "app.recovery.kind.imageFolder";
  return i.type === 2 ? "app.recovery.kind.sheet" : "app.recovery.kind.image";
}

export default function DataRecoveryPage() {
  // with membership off restoring is open to everyone: the intro does not call it a member feature
  const membershipOn = useMembershipOn();
  const { t, i18n } = useTranslation();
  const [items, setItems] = useState<RecycleItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState<RecycleItem[] | null>(null);
  const [prompt, setPrompt] = useState("");
  const [busy, setBusy] = useState(false);
  const seq = useRef(0);

  const refresh = useCallback(async () => {
    const at = ++seq.current;
    try {
      const list = await listDeleted();
      if (at !== seq.current) return;
      setItems(list);
      setFailed(false);
      // keep only the selections that are still listed
      setSelected((s) => new Set(list.map(itemKey).filter((k) => s.has(k))));
    } catch {
      if (at === seq.current) setFailed(true);
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const date = (utc: string) => dateText(i18n.language, utc);

  async function restore(list: RecycleItem[]) {
    setBusy(true);
    let done = 0;
    try {
      for (const item of list) {
        await restoreDeleted(item);
        done++;
      }
    } catch (e) {
      // 402: a member feature (the request client leaves it to us); other errors are shown by it
      if (e instanceof ApiError && e.code === 402) setPrompt(e.message || t("server.error.recoveryMember"));
    } finally {
      setBusy(false);
      if (done) message.success(t("app.recovery.restored", { count: done }));
      await refresh();
    }
  }

  async function remove(list: RecycleItem[]) {
    setConfirming(null);
    setBusy(true);
    let done = 0;
    try {
      for (const item of list) {
        await deleteForever(item);
        done++;
      }
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
      if (done) message.success(t("app.recovery.deleted", { count: done }));
      await refresh();
    }
  }

  const chosen = (items ?? []).filter((i) => selected.has(itemKey(i)));
  const allChosen = items !== null && items.length > 0 && chosen.length === items.length;
  const toggle = (key: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <main className="user-page recovery-page">
      <h1>{t("app.recovery.title")}</h1>
      <p className="muted" data-testid="recovery-intro">
        {t(membershipOn === false ? "app.recovery.introOpen" : "app.recovery.intro")}
      </p>
      {failed && (
        <p role="alert" className="error-note">
          {t("app.recovery.loadFailed")}
        </p>
      )}
      {items !== null && items.length === 0 && (
        <section className="card recovery-empty" data-testid="recovery-empty">
          <h2>{t("app.recovery.emptyTitle")}</h2>
          <p className="muted">{t("app.recovery.emptyText")}</p>
        </section>
      )}
      {items !== null && items.length > 0 && (
        <section className="card recovery-list" aria-label={t("app.recovery.title")}>
          <div className="recovery-toolbar">
            <span aria-live="polite">{t("app.recovery.selectedCount", { count: chosen.length })}</span>
            <button
              type="button"
              className="btn btn-secondary"
              data-testid="recovery-restore-selected"
              disabled={busy || chosen.length === 0}
              onClick={() => restore(chosen)}
            >
              {t("app.recovery.restoreSelected")}
            </button>
            <button
              type="button"
              className="btn btn-danger"
              data-testid="recovery-delete-selected"
              disabled={busy || chosen.length === 0}
              onClick={() => setConfirming(chosen)}
            >
              {t("app.recovery.deleteSelected")}
            </button>
          </div>
          <ItemTable
            actionsLabel={t("app.recovery.col.actions")}
            columns={[
              {
                id: "pick",
                head: (
                  <input
                    type="checkbox"
                    aria-label={t("app.recovery.selectAll")}
                    checked={allChosen}
                    onChange={() => setSelected(allChosen ? new Set() : new Set(items.map(itemKey)))}
                  />
                ),
              },
              { id: "kind", head: t("app.recovery.col.kind") },
              { id: "name", head: t("app.recovery.col.name") },
              { id: "deleted", head: t("app.recovery.col.deleted") },
              { id: "daysLeft", head: t("app.recovery.col.daysLeft") },
            ]}
          >
            {items.map((i) => (
              <tr key={itemKey(i)} data-testid="recovery-item" data-kind={i.kind}>
                <td>
                  <input
                    type="checkbox"
                    aria-label={t("app.recovery.selectNamed", { name: i.name })}
                    checked={selected.has(itemKey(i))}
                    onChange={() => toggle(itemKey(i))}
                  />
                </td>
                <td>{t(kindKey(i))}</td>
                <td>
                  <span className="item-table-name" data-testid="recovery-name">
                    {i.name}
                  </span>
                  <span className="muted item-table-where">
                    {i.folder
                      ? t("app.recovery.inFolder", { folder: i.folder })
                      : t("app.recovery.itemsInside", { count: i.items })}
                  </span>
                </td>
                <td>{date(i.delete_time)}</td>
                <td data-testid="recovery-days">{i.days_left}</td>
                <td className="item-table-actions">
                  <button
                    type="button"
                    className="btn btn-ghost"
                    aria-label={t("app.recovery.restoreNamed", { name: i.name })}
                    data-testid="recovery-restore"
                    disabled={busy}
                    onClick={() => restore([i])}
                  >
                    {t("app.recovery.restore")}
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost item-table-danger"
                    aria-label={t("app.recovery.deleteNamed", { name: i.name })}
                    data-testid="recovery-delete"
                    disabled={busy}
                    onClick={() => setConfirming([i])}
                  >
                    {t("app.recovery.deleteForever")}
                  </button>
                </td>
              </tr>
            ))}
          </ItemTable>
        </section>
      )}
      {confirming && (
        <ConfirmDialog
          title={t("app.recovery.confirmTitle")}
          text={
            confirming.length === 1
              ? t("app.recovery.confirmOne", { name: confirming[0].name })
              : t("app.recovery.confirmMany", { count: confirming.length })
          }
          onCancel={() => setConfirming(null)}
          onConfirm={() => remove(confirming)}
        />
      )}
      {prompt && <MembershipPrompt text={prompt} onClose={() => setPrompt("")} />}
    </main>
  );
}
