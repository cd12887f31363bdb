"""Our own check of what the bot sends Discord: every limit of a message payload, and an
allowed-mentions policy that pings nobody but the users the message names explicitly.

Used on every REST call of the SimCord tests (``tests/cogs/conftest.py``), on every request
the fake gateway of ``tests/e2e`` receives, and on the parts ``bot.ui.fit`` makes. Written from
Discord's documentation, apart from the code it checks.
"""

from __future__ import annotations

import re
from typing import Any

MESSAGE_LIMITS = {"content": 2000, "embeds": 10, "rows": 5, "row_width": 5, "options": 25}
EMBED_TEXT = {"title": 256, "description": 4096, "footer": 2048, "author": 256}
FIELD_TEXT = {"name": 256, "value": 1024}
FIELDS, EMBED_TOTAL, LABEL, CUSTOM_ID = 25, 6000, 80, 100
USER_MENTION = re.compile(r"<@!?([0-9]+)>")


def size(text: Any) -> int:
    """UTF-16 code units, as Discord counts (at least as strict as counting characters)."""
    return len(str(text).encode("utf-16-le")) // 2 if text else 0


def embed_problems(embeds: list[dict[str, Any]]) -> list[str]:
    problems = []
    if len(embeds) > MESSAGE_LIMITS["embeds"]:
        problems.append(f"{len(embeds)} embeds (at most 10)")
    total = 0
    for index, embed in enumerate(embeds):
        texts = {
            "title": embed.get("title"),
            "description": embed.get("description"),
            "footer": (embed.get("footer") or {}).get("text"),
            "author": (embed.get("author") or {}).get("name"),
        }
        for key, text in texts.items():
            if size(text) > EMBED_TEXT[key]:
                problems.append(f"embed {index} {key}: {size(text)} (at most {EMBED_TEXT[key]})")
            total += size(text)
        fields = embed.get("fields") or []
        if len(fields) > FIELDS:
            problems.append(f"embed {index}: {len(fields)} fields (at most 25)")
        for field in fields:
            for key, limit in FIELD_TEXT.items():
                if not field.get(key):
                    problems.append(f"embed {index}: a field without a {key}")
                elif size(field[key]) > limit:
                    problems.append(f"embed {index} field {key}: {size(field[key])} (> {limit})")
                total += size(field.get(key))
    if total > EMBED_TOTAL:
        problems.append(f"embeds total {total} characters (at most 6000)")
    return problems


def component_problems(rows: list[dict[str, Any]]) -> list[str]:
    problems = []
    if len(rows) > MESSAGE_LIMITS["rows"]:
        problems.append(f"{len(rows)} action rows (at most 5)")
    ids = []
    for index, row in enumerate(rows):
        children = row.get("components") or []
        width = sum(5 if child.get("type") in (3, 5, 6, 7, 8) else 1 for child in children)
        if row.get("type") != 1 or not children or width > MESSAGE_LIMITS["row_width"]:
            problems.append(f"row {index}: {len(children)} components of width {width}")
        for child in children:
            if size(child.get("label")) > LABEL:
                problems.append(f"row {index}: label of {size(child.get('label'))} characters")
            if child.get("type") == 2 and child.get("style") != 5 and not child.get("label"):
                problems.append(f"row {index}: a button without a label")
            if len(child.get("options") or []) > MESSAGE_LIMITS["options"]:
                problems.append(f"row {index}: {len(child['options'])} select options")
            if "custom_id" in child:
                ids.append(child["custom_id"])
                if size(child["custom_id"]) > CUSTOM_ID:
                    problems.append(f"row {index}: custom_id over 100 characters")
    if len(ids) != len(set(ids)):
        problems.append("two components share a custom_id")
    return problems


def mention_problems(body: dict[str, Any]) -> list[str]:
    """Pings only the users named in ``users``, each of them mentioned in the content; never
    @everyone / @here, a role, a reply's author, or whatever the content happens to contain."""
    policy = body.get("allowed_mentions")
    if policy is None:
        return ["no allowed_mentions: Discord would ping everything the content mentions"]
    problems = []
    if policy.get("parse"):
        problems.append(f"allowed_mentions parses {policy['parse']}")
    if policy.get("roles"):
        problems.append(f"allowed_mentions pings roles {policy['roles']}")
    if policy.get("replied_user"):
        problems.append("allowed_mentions pings the replied-to author")
    mentioned = set(USER_MENTION.findall(body.get("content") or ""))
    stray = {str(user) for user in policy.get("users") or []} - mentioned
    if stray:
        problems.append(f"allowed_mentions lists users not mentioned: {sorted(stray)}")
    return problems


def message_problems(body: dict[str, Any]) -> list[str]:
    """Everything wrong with one message payload (a post, an edit, an interaction response's
    ``data``, a followup)."""
    problems = []
    if size(body.get("content")) > MESSAGE_LIMITS["content"]:
        problems.append(f"content of {size(body['content'])} characters (at most 2000)")
    problems += embed_problems(body.get("embeds") or [])
    problems += component_problems(body.get("components") or [])
    if "content" in body or "embeds" in body:  # an edit of components alone pings nobody
        problems += mention_problems(body)
    return problems


def request_problems(method: str, path: str, body: Any) -> list[str]:
    """The problems of one REST request, if it carries a message."""
    if method not in ("POST", "PATCH") or not isinstance(body, dict):
        return []
    if path.endswith("/callback"):  # an interaction response: the message is its data
        data = body.get("data")
        carries = isinstance(data, dict) and body.get("type") in (4, 7)
        return message_problems(data) if carries else []
    if "/messages" in path or path.startswith("/webhooks/"):
        if path.endswith("/pins") or "/pins/" in path or "/reactions" in path:
            return []
        return message_problems(body)
    return []
