// The rematch at the end of a match (matches/rematch.py): a player of the finished match asks for one (the
// `rematch` message) and goes to its lobby; everyone watching it sees the offer (the `rematch` frame, or the
// snapshot's `rematch`) as a link to that lobby.

import { t } from "./i18n";
import type { Snapshot } from "./protocol";

export const lobbyPath = (match: number): string => `/matches/${match}/lobby/`;

/** The rematch control of a finished match's banner: the offer's link, a player's button, or nothing. */
export function showRematch(banner: HTMLElement, snapshot: Snapshot, ask: () => void): void {
  banner.querySelector(".rematch")?.remove();
  if (snapshot.match.status !== "finished") return;
  if (snapshot.rematch) {
    const offer = Object.assign(document.createElement("span"), { className: "rematch" });
    const link = Object.assign(document.createElement("a"), { href: lobbyPath(snapshot.rematch), id: "rematch-link" });
    link.textContent = t("to its lobby");
    offer.append(` ${t("A rematch is offered:")} `, link);
    banner.append(offer);
  } else if (snapshot.you.role === "player") {
    const button = Object.assign(document.createElement("button"), { type: "button", className: "rematch" });
    button.dataset.rematch = "true";
    button.textContent = t("Rematch");
    button.addEventListener("click", () => {
      button.disabled = true;
      ask();
    });
    banner.append(" ", button);
  }
}
