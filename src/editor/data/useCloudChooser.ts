// State shared by the cloud choosers (spreadsheet files, images): the folder list loaded once
// (an empty list when loading fails), the open folder tab (clamped to the folders there are), the
// chosen file, and Confirm (a warning when nothing is chosen: tip110 for spreadsheet files, tip113 for
// cloud images per spec §5; otherwise emit it and close).
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CloudFile, CloudFolder } from "../../app/api/cloudFiles";
import { message } from "../../app/ui/message";
import { TIP } from "../../i18n/tips";

export function useCloudChooser(
  loadFolders: () => Promise<CloudFolder[]>,
  onConfirm: (file: CloudFile) => void,
  onClose: () => void,
  nothingChosen: typeof TIP.chooseFile | typeof TIP.chooseImage = TIP.chooseFile,
) {
  const { t } = useTranslation();
  const [folders, setFolders] = useState<CloudFolder[] | null>(null);
  const [tab, setTab] = useState(0);
  const [chosen, setChosen] = useState<CloudFile | null>(null);

  useEffect(() => {
    let live = true;
    loadFolders().then(
      (f) => live && setFolders(f),
      () => live && setFolders([]),
    );
    return () => {
      live = false;
    };
  }, [loadFolders]);

  const folder = folders?.[Math.min(tab, Math.max(0, (folders?.length ?? 1) - 1))];
  const files = folder?.files ?? [];
  const confirm = () => {
    if (!chosen) {
      message.warning(t(nothingChosen));
      return;
    }
    onConfirm(chosen);
    onClose();
  };
  return { folders, folder, files, setTab, chosen, setChosen, confirm };
}
