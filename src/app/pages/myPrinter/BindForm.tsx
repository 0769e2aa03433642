// Binds a print assistant to the account with the serial number and verification code it shows.
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { bindCloudDevice } from "../../../print/cloudDevices";
import { imeiError } from "../../../print/imei";
import { interfaceApi } from "../../api/client";
import { Field } from "../../ui/Field";
import { message } from "../../ui/message";

export function BindForm({ onBound }: { readonly onBound: () => void }) {
  const { t } = useTranslation();
  const [sn, setSn] = useState("");
  const [code, setCode] = useState("");
  const [name, setName] = useState("");
  const [imei, setImei] = useState("");
  const [errors, setErrors] = useState<{ sn?: string; code?: string; imei?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const next = {
      sn: sn.trim() ? undefined : "printer.bind.serialRequired",
      code: code.trim() ? undefined : "printer.bind.codeRequired",
      imei: imeiError(imei) ?? undefined,
    };
    setErrors(next);
    if (next.sn || next.code || next.imei) {
      e.currentTarget.querySelector<HTMLInputElement>("[aria-invalid=true]")?.focus();
      return;
    }
    setBusy(true);
    try {
      const d = await bindCloudDevice(interfaceApi, { sn, code, name, imei });
      message.success(t("printer.bind.done", { name: d.name }));
      setSn("");
      setCode("");
      setName("");
      setImei("");
      onBound();
    } catch {
      // the request client shows the server's message
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card printers-bind" aria-labelledby="printers-bind-title">
      <h2 id="printers-bind-title">{t("printer.bind.title")}</h2>
      <p className="muted">{t("printer.bind.help")}</p>
      <form className="form printers-bind-form" onSubmit={submit} noValidate data-testid="printer-bind">
        <Field
          label={t("printer.bind.serial")}
          name="sn"
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          value={sn}
          onChange={(e) => setSn(e.target.value)}
          error={errors.sn && t(errors.sn)}
        />
        <Field
          label={t("printer.bind.code")}
          name="code"
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={errors.code && t(errors.code)}
        />
        <Field
          label={t("printer.bind.imei")}
          name="imei"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          maxLength={24}
          value={imei}
          onChange={(e) => setImei(e.target.value)}
          error={errors.imei && t(errors.imei)}
        />
        <Field
          label={t("printer.bind.name")}
          name="name"
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t("printer.bind.submit")}
          </button>
        </div>
      </form>
    </section>
  );
}
