"""The statements every command and every order costs, written once instead of built by the ORM each time.

Django's query compiler builds a queryset's SQL afresh on every call: for the handful of statements a submit
sends (the seat with the locked match, the phase's orders, the new order, the events, the match's columns)
that was about half of a resolution's CPU (bench/README.md, issue 19). Here each statement's text is made once
from the models' fields (`Model._meta`), so a column added to a model needs no change here; values are bound
through each field's own `get_db_prep_save` and rows read through its `from_db_value` and the backend's
converters, as the ORM does, on PostgreSQL and SQLite alike. Like `QuerySet.update` and `bulk_create`, these
send no model signals (the project has none).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any, TypeVar

from django.contrib.auth import get_user_model
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import DateTimeField, Field, Model

from .models import Match, Order, Participant

M = TypeVar("M", bound=Model)
# How a bot user's name starts (bots.PREFIX).
BOT_PREFIX = "computer-"


def _db() -> BaseDatabaseWrapper:
    """This thread's connection (looked up once per statement: `django.db.connection` looks it up per attribute)."""
    return connections[DEFAULT_DB_ALIAS]


def _quote(db: BaseDatabaseWrapper, name: Any) -> str:
    return str(db.ops.quote_name(name))


def _column(db: BaseDatabaseWrapper, model: type[Model], name: str, alias: str = "") -> str:
    """A field's column, quoted (and qualified by `alias`)."""
    column = _quote(db, model._meta.get_field(name).column)  # type: ignore[union-attr]
    return f"{_quote(db, alias)}.{column}" if alias else column


def _columns(db: BaseDatabaseWrapper, model: type[Model], alias: str) -> str:
    """The model's concrete columns in field order (what `Model.from_db` takes), qualified by `alias`."""
    return ", ".join(f"{_quote(db, alias)}.{_quote(db, field.column)}" for field in model._meta.concrete_fields)


@cache
def _converters(model: type[Model], vendor: str) -> tuple[tuple[int, list[Callable[..., Any]], Any], ...]:
    """Per column that needs any, its converters and the column expression they are called with, as the
    compiler finds them (`SQLCompiler.get_converters`): the field's `from_db_value` (JSON), the backend's own."""
    db, found = _db(), []
    for index, field in enumerate(model._meta.concrete_fields):
        column = field.get_col(model._meta.db_table)
        converters = db.ops.get_db_converters(column) + column.get_db_converters(db)
        if converters:
            found.append((index, converters, column))
    return tuple(found)


def _instance(db: BaseDatabaseWrapper, model: type[M], row: Sequence[Any]) -> M:
    """The model instance of a row of its `_columns`, its values converted as a queryset's would be."""
    values = list(row)
    for index, converters, column in _converters(model, db.vendor):
        for converter in converters:
            values[index] = converter(values[index], column, db)
    return model.from_db(db.alias, _attnames(model), values)


@cache
def _attnames(model: type[Model]) -> tuple[str, ...]:
    return tuple(field.attname for field in model._meta.concrete_fields)


@dataclass
class Seated:
    """A user's seat in a match, read with the match (`seat_with_match`)."""

    match: Match
    seat: Participant
    # A locking read's: whether the match seats a bot, and (on PostgreSQL) the current phase's orders
    # when the read could tell them for sure (else None: `phase_orders` reads them).
    bots: bool | None = None
    orders: list[Order] | None = None


@cache
def _seat_sql(vendor: str, for_update: bool) -> str:
    db, user = _db(), get_user_model()
    seat = ", ".join(_column(db, Participant, name, "s") for name in ("id", "role", "side"))
    extra, lock = "", ""
    if for_update:
        extra = (
            f", EXISTS (SELECT 1 FROM {_quote(db, Participant._meta.db_table)} b JOIN {_quote(db, user._meta.db_table)} u"
            f" ON {_column(db, user, 'id', 'u')} = {_column(db, Participant, 'user', 'b')}"
            f" WHERE {_column(db, Participant, 'match', 'b')} = {_column(db, Match, 'id', 'm')}"
            f" AND {_column(db, user, user.USERNAME_FIELD, 'u')} LIKE %s)"
        )
    if for_update and vendor == "postgresql":
        where = " AND ".join(f"{_column(db, Order, name, 'o')} = {_column(db, Match, name if name != 'match' else 'id', 'm')}"
                             for name in ("match", "turn", "phase"))
        extra += (
            f", (SELECT {_column(db, Match, 'version', 'v')} FROM {_quote(db, Match._meta.db_table)} v"
            f" WHERE {_column(db, Match, 'id', 'v')} = {_column(db, Match, 'id', 'm')})"
            f", (SELECT json_agg(row_to_json(o) ORDER BY {_column(db, Order, 'id', 'o')}) FROM {_quote(db, Order._meta.db_table)} o"
            f" WHERE {where})"
        )
    if for_update and db.features.has_select_for_update:
        lock = " " + db.ops.for_update_sql(of=(_quote(db, "m"),) if db.features.has_select_for_update_of else ())
    return (
        f"SELECT {_columns(db, Match, 'm')}, {seat}{extra} FROM {_quote(db, Participant._meta.db_table)} s"
        f" JOIN {_quote(db, Match._meta.db_table)} m ON {_column(db, Match, 'id', 'm')} = {_column(db, Participant, 'match', 's')}"
        f" WHERE {_column(db, Participant, 'match', 's')} = %s AND {_column(db, Participant, 'user', 's')} = %s{lock}"
    )


def seat_with_match(*, match_id: int, user_id: int, for_update: bool) -> Seated | None:
    """The user's seat in the match with the match (its row locked until the transaction ends when
    `for_update`), None without a seat; one query. A locking read also tells whether the match seats a bot,
    and on PostgreSQL the current phase's orders, read in the same statement but on its snapshot, taken before
    the lock was granted: they are kept only when that snapshot's version of the match is the locked one, so no
    command committed in between (every command that adds or removes an order logs an event, which bumps the
    version). After a wait behind another command's lock, `orders` is None."""
    db = _db()
    params: list[Any] = [BOT_PREFIX + "%", match_id, user_id] if for_update else [match_id, user_id]
    with db.cursor() as cursor:
        cursor.execute(_seat_sql(db.vendor, for_update), params)
        row = cursor.fetchone()
    if row is None:
        return None
    width = len(Match._meta.concrete_fields)
    match = _instance(db, Match, row[:width])
    seat_id, role, side, *extra = row[width:]
    seat = Participant(id=seat_id, match=match, user_id=user_id, role=role, side=side)
    seat._state.adding, seat._state.db = False, db.alias
    found = Seated(match, seat, bots=bool(extra[0]) if extra else None)
    if len(extra) == 3 and extra[1] == match.version:
        found.orders = [_from_json(db, Order, data) for data in extra[2] or []]
    return found


def _from_json(db: BaseDatabaseWrapper, model: type[M], data: dict[str, Any]) -> M:
    """The model instance of a row as PostgreSQL's `row_to_json` gives it: JSON columns already decoded,
    times as ISO 8601 text."""
    values = [data[str(field.column)] for field in model._meta.concrete_fields]
    for index, field in enumerate(model._meta.concrete_fields):
        if isinstance(field, DateTimeField) and values[index] is not None:
            values[index] = datetime.fromisoformat(values[index])
    return model.from_db(db.alias, _attnames(model), values)


@cache
def _orders_sql(vendor: str) -> str:
    db = _db()
    where = " AND ".join(f"{_column(db, Order, name, 'o')} = %s" for name in ("match", "turn", "phase"))
    return (
        f"SELECT {_columns(db, Order, 'o')} FROM {_quote(db, Order._meta.db_table)} o WHERE {where}"
        f" ORDER BY {_column(db, Order, 'id', 'o')}"
    )


def phase_orders(match: Match) -> list[Order]:
    """The orders given in the match's current phase, oldest first."""
    db = _db()
    with db.cursor() as cursor:
        cursor.execute(_orders_sql(db.vendor), [match.pk, match.turn, match.phase])
        return [_instance(db, Order, row) for row in cursor.fetchall()]


@cache
def _insert_fields(model: type[Model]) -> list[Field[Any, Any]]:
    meta = model._meta
    return [field for field in meta.local_concrete_fields if field is not meta.auto_field]


@cache
def _insert_sql(model: type[Model], rows: int, vendor: str) -> str:
    db, meta, fields = _db(), model._meta, _insert_fields(model)
    values = ", ".join(["(" + ", ".join(["%s"] * len(fields)) + ")"] * rows)
    returning = f" RETURNING {_quote(db, meta.pk.column)}" if db.features.can_return_rows_from_bulk_insert else ""
    columns = ", ".join(_quote(db, field.column) for field in fields)
    return f"INSERT INTO {_quote(db, meta.db_table)} ({columns}) VALUES {values}{returning}"


def insert(objs: Sequence[Model]) -> None:
    """Saves new instances of one model in one INSERT, as `save()` fills them in (each field's `pre_save`:
    the `auto_now_add` times), and sets their primary keys. Their foreign keys must be saved already."""
    if not objs:
        return
    db, model = _db(), type(objs[0])
    fields = _insert_fields(model)
    params = [field.get_db_prep_save(field.pre_save(obj, True), db) for obj in objs for field in fields]
    with db.cursor() as cursor:
        cursor.execute(_insert_sql(model, len(objs), db.vendor), params)
        if db.features.can_return_rows_from_bulk_insert:
            ids = [row[0] for row in cursor.fetchall()]
        else:
            ids = [cursor.lastrowid] if len(objs) == 1 else []
    for obj, pk in zip(objs, ids):
        obj.pk = pk
    for obj in objs:
        obj._state.adding, obj._state.db = False, db.alias


@cache
def _update_sql(model: type[Model], names: tuple[str, ...], vendor: str) -> tuple[str, list[Field[Any, Any]]]:
    db, meta = _db(), model._meta
    fields: list[Field[Any, Any]] = [meta.get_field(name) for name in names]  # type: ignore[misc]
    assignments = ", ".join(f"{_quote(db, field.column)} = %s" for field in fields)
    return f"UPDATE {_quote(db, meta.db_table)} SET {assignments} WHERE {_quote(db, meta.pk.column)} = %s", fields


def update(obj: Model, names: Sequence[str]) -> None:
    """`obj.save(update_fields=names)` as one UPDATE of those columns (through their `pre_save`: `auto_now`)."""
    db = _db()
    sql, fields = _update_sql(type(obj), tuple(names), db.vendor)
    params = [field.get_db_prep_save(field.pre_save(obj, False), db) for field in fields]
    with db.cursor() as cursor:
        cursor.execute(sql, [*params, obj.pk])
        if cursor.rowcount != 1:
            raise DatabaseError(f"{obj._meta.label} {obj.pk} was not updated ({cursor.rowcount} rows)")


def write(rows: Sequence[Model], changed: Model | None = None, names: Sequence[str] = ()) -> None:
    """A command's writes when it is done: its new `rows` (each model's in one INSERT, in the order given) and
    the `names` columns of `changed` (`update`). On PostgreSQL in one statement, the INSERTs and the UPDATE
    as data-modifying CTEs (one round trip instead of three for a submit: each costs the server CPU, in the
    driver and the kernel, bench/README.md); elsewhere one statement each."""
    db, groups = _db(), _by_model(rows)
    if db.vendor != "postgresql" or len(groups) + (changed is not None) < 2:
        for objs in groups.values():
            insert(objs)
        if changed is not None:
            update(changed, names)
        return
    shape = tuple((model, len(objs)) for model, objs in groups.items())
    sql = _write_sql(shape, None if changed is None else type(changed), tuple(names))
    params = [field.get_db_prep_save(field.pre_save(obj, True), db)
              for model, objs in groups.items() for obj in objs for field in _insert_fields(model)]
    if changed is not None:
        _, fields = _update_sql(type(changed), tuple(names), db.vendor)
        params += [*(field.get_db_prep_save(field.pre_save(changed, False), db) for field in fields), changed.pk]
    with db.cursor() as cursor:
        cursor.execute(sql, params)
        *ids, updated = cursor.fetchone()
    if changed is not None and updated != 1:
        raise DatabaseError(f"{changed._meta.label} {changed.pk} was not updated ({updated} rows)")
    for objs, pks in zip(groups.values(), ids):
        for obj, pk in zip(objs, pks):
            obj.pk, obj._state.adding, obj._state.db = pk, False, db.alias


def _by_model(rows: Sequence[Model]) -> dict[type[Model], list[Model]]:
    groups: dict[type[Model], list[Model]] = {}
    for row in rows:
        groups.setdefault(type(row), []).append(row)
    return groups


@cache
def _write_sql(shape: tuple[tuple[type[Model], int], ...], changed: type[Model] | None, names: tuple[str, ...]) -> str:
    """`write`'s statement on PostgreSQL: each INSERT's ids (in the order of its rows: a sequence's) and how
    many rows the UPDATE changed."""
    db = _db()
    ctes = [f"i{index} AS ({_insert_sql(model, rows, db.vendor)})" for index, (model, rows) in enumerate(shape)]
    pk = {index: _quote(db, model._meta.pk.column) for index, (model, _) in enumerate(shape)}
    results = [f"(SELECT array_agg({pk[index]} ORDER BY {pk[index]}) FROM i{index})" for index in range(len(shape))]
    if changed is not None:
        ctes.append(f"u AS ({_update_sql(changed, names, db.vendor)[0]} RETURNING 1)")
    results.append("(SELECT count(*) FROM u)" if changed is not None else "1")
    return f"WITH {', '.join(ctes)} SELECT {', '.join(results)}"
