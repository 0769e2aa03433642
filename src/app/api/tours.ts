// Guided tours the signed-in user has seen, kept on the server (docs/api.md).
import { interfaceApi } from "./client";

export const tourSeen = (tour: "home") =>
  interfaceApi
    .get<{ seen: boolean }>("/api/user/tour", { tour }, { loading: false })
    .then((r) => r.seen === true);

export const markTourSeen = (tour: "home") =>
  interfaceApi.post("/api/user/tourSeen", { tour }, { loading: false });
