"""An admin page's form read back as a browser would post it (the admin walk and the admin tests)."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any


class FormReader(HTMLParser):
    """The fields of the admin's main form as a browser would post them."""

    def __init__(self) -> None:
        super().__init__()
        self.data: list[tuple[str, str]] = []
        self.inside = False
        self.select: tuple[str, list[str], str | None] | None = None
        self.textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {key: value or "" for key, value in attrs}
        if tag == "form" and a.get("id", "").endswith("_form"):
            self.inside = True
        name = a.get("name", "")
        if not self.inside or "__prefix__" in name:
            return
        if tag == "input" and name and a.get("type") not in ("submit", "button", "file"):
            if a.get("type") not in ("checkbox", "radio") or "checked" in a:
                self.data.append((name, a.get("value", "on" if a.get("type") == "checkbox" else "")))
        elif tag == "select" and name:
            self.select = (name, [], None)
        elif tag == "option" and self.select is not None:
            name, selected, first = self.select
            value = a.get("value", "")
            self.select = (name, [*selected, value] if "selected" in a else selected, first if first is not None
                           else value)
        elif tag == "textarea" and name:
            self.textarea = name
            self.data.append((name, ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        elif tag == "select" and self.select is not None:
            name, selected, first = self.select
            self.data += [(name, value) for value in (selected or ([first] if first is not None else []))]
            self.select = None
        elif tag == "textarea":
            self.textarea = None

    def handle_data(self, data: str) -> None:
        if self.textarea is not None and self.data and self.data[-1][0] == self.textarea:
            self.data[-1] = (self.textarea, self.data[-1][1] + data)


def form_of(page: str) -> dict[str, Any]:
    reader = FormReader()
    reader.feed(page)
    form: dict[str, Any] = {}
    for name, value in reader.data:
        form.setdefault(name, []).append(value.removeprefix("\n"))  # a browser drops a textarea's first newline
    return form
