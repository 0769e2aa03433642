// Where /pdfPrint can print: the browser, the print assistant's printers (the first one chosen when
// the assistant answers) and the account's online cloud devices, as one list of option values.
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { listedCloud, type PrintDevice } from "../../../../machines/printDialog.machine";
import { interfaceApi } from "../../api/client";
import { AssistantClient, type AssistantPrinter } from "../../printing/assistantClient";
import { loadCloudDevices } from "../../printing/cloudPrint";

export const BROWSER = "browser:";
const ASSISTANT = "assistant:";
const CLOUD = "cloud:";

export type Target =
  | { readonly kind: "browser" }
  | { readonly kind: "assistant"; readonly printer: AssistantPrinter }
  | { readonly kind: "cloud"; readonly device: PrintDevice };

export const assistantOption = (p: AssistantPrinter) => `${ASSISTANT}${p.name}`;
export const cloudOption = (d: PrintDevice) => `${CLOUD}${d.id}`;

export function usePrintTargets() {
  const { i18n } = useTranslation();
  const client = useMemo(() => new AssistantClient(), []);
  /** null while the assistant has not answered; [] when it is not running */
  const [assistant, setAssistant] = useState<AssistantPrinter[] | null>(null);
  const [cloud, setCloud] = useState<PrintDevice[]>([]);
  const [target, setTarget] = useState(BROWSER);

  useEffect(() => {
    client.printers(i18n.language).then(
      (list) => {
        setAssistant(list);
        if (list[0]) setTarget(assistantOption(list[0]));
      },
      () => setAssistant([]),
    );
    loadCloudDevices(interfaceApi).then(
      (d) => setCloud(listedCloud(d)),
      () => setCloud([]),
    );
    return () => client.close();
  }, [client, i18n.language]);

  /** The chosen target (the browser when the choice is no longer listed). */
  function chosen(): Target {
    const p = assistant?.find((a) => assistantOption(a) === target);
    if (p) return { kind: "assistant", printer: p };
    const d = cloud.find((c) => cloudOption(c) === target);
    if (d) return { kind: "cloud", device: d };
    return { kind: "browser" };
  }

  return { client, assistant, cloud, target, setTarget, chosen };
}
