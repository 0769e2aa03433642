// /help/<n>/ and /en/help/<n>/: the spec's numbered help addresses (the print dialog's help link)
// lead to the article that names the number among its aliases.
import { Navigate, useParams } from "react-router-dom";
import { helpCatalog } from "../../../help/content";
import { articlePath } from "../../../help/links";

export default function HelpAliasPage() {
  const { id = "" } = useParams();
  const slug = helpCatalog.slugForAlias(id);
  return <Navigate to={slug ? articlePath(slug) : "/help"} replace />;
}
