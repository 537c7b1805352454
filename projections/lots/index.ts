import type pg from 'pg';
import { insertRows } from '../rows.ts';
import type { Projection, TableNames } from '../types.ts';
import { arrayLiteral } from '../../services/platform/pg-array.ts';
import type { LoggedEvent } from '../../services/eventstore/types.ts';
import { evolveLedger, LEDGER_EVENTS, upcastOrgEvent, type Hold, type LedgerEvent, type Lot, type Take } from '../../services/credits/events.ts';

interface LotRow extends Lot {
  orgId: string;
  expired: number;
  position: number;
}

interface HoldRow {
  id: string;
  orgId: string;
  credits: number;
  captured: number;
  status: 'open' | 'captured' | 'released' | 'expired';
  expiresAt: string;
  description: string;
  lots: Take[];
  placedAt: string;
  closedAt: string | null;
  position: number;
}

/** One organization's open lots and holds as this batch changes them, and every row it touched. */
interface OrgRows {
  /** The open lots (in grant order) and holds the batch read or made, as the ledger's fold leaves them. */
  open: Map<string, Lot>;
  openHolds: Map<string, Hold>;
  lots: Map<string, LotRow>;
  holds: Map<string, HoldRow>;
  /** Each loaded row as it was read, so only the rows the batch changed are written back. */
  loaded: Map<string, string>;
}

const lotState = (l: { remaining: number; reserved: number; expired: number }) => `${l.remaining}/${l.reserved}/${l.expired}`;
const holdState = (h: HoldRow) => `${h.status}/${h.captured}/${JSON.stringify(h.lots)}`;

const sum = (takes: Take[]) => takes.reduce((n, t) => n + t.amount, 0);

/** What a batch must read of one organization: every open lot (an event from before lots named none), or the lots and holds its events name. */
interface Needs {
  all: boolean;
  lots: Set<string>;
  holds: Set<string>;
}

function needsOf(events: LoggedEvent<LedgerEvent>[]): Map<string, Needs> {
  const byOrg = new Map<string, Needs>();
  for (const { type, data } of events) {
    let needs = byOrg.get(data.orgId);
    if (!needs) byOrg.set(data.orgId, (needs = { all: false, lots: new Set(), holds: new Set() }));
    const takes = (list: Take[] | undefined) => (list ? list.forEach((t) => needs.lots.add(t.lotId)) : (needs.all = true));
    if (type === 'CreditsDebited' || type === 'CreditsRevoked') takes(data.lots);
    if (type === 'CreditsExpired') needs.lots.add(data.lotId);
    if (type === 'HoldPlaced' || type === 'HoldReleased' || type === 'HoldExpired') takes(data.lots);
    if ((type === 'CreditsDebited' && data.holdId) || type === 'HoldReleased' || type === 'HoldExpired') needs.holds.add(data.holdId!);
  }
  return byOrg;
}

/**
 * The open lots and holds the batch's events touch: the ledger's moves name their lots and holds, so
 * an organization with thousands of open lots costs a batch only the few it moves (all of them only
 * for an event from before lots, whose debit is spread over the lots in spending order).
 */
async function loadOpen(db: pg.PoolClient, t: TableNames, events: LoggedEvent<LedgerEvent>[]): Promise<Map<string, OrgRows>> {
  const needs = needsOf(events);
  const byOrg = new Map<string, OrgRows>([...needs.keys()].map((id) => [id, { open: new Map(), openHolds: new Map(), lots: new Map(), holds: new Map(), loaded: new Map() }]));
  const allOrgs = [...needs].filter(([, n]) => n.all).map(([id]) => id);
  const holdIds = [...needs.values()].flatMap((n) => [...n.holds]);
  // A batch that names no hold (grants, debits outside holds) reads none, and one that names no lot either (grants) reads nothing.
  const holds = allOrgs.length === 0 && holdIds.length === 0 ? { rows: [] } : await db.query(
    `SELECT id::text, org_id::text AS "orgId", credits::float8 AS credits, captured::float8 AS captured, status, expires_at AS "expiresAt",
            description, lots, placed_at AS "placedAt", closed_at AS "closedAt", position::float8 AS position
       FROM ${t('credit_holds')} WHERE (org_id = ANY($1::uuid[]) OR id = ANY($2::uuid[])) AND status = 'open' ORDER BY position`,
    [allOrgs, holdIds],
  );
  for (const row of holds.rows) {
    const hold: HoldRow = { ...row, expiresAt: new Date(row.expiresAt).toISOString(), placedAt: new Date(row.placedAt).toISOString(), closedAt: null };
    const org = byOrg.get(hold.orgId)!;
    org.holds.set(hold.id, hold);
    org.loaded.set(`hold:${hold.id}`, holdState(hold));
    org.openHolds.set(hold.id, { holdId: hold.id, credits: sum(hold.lots), expiresAt: hold.expiresAt, description: hold.description, lots: hold.lots });
    for (const take of hold.lots) needs.get(hold.orgId)!.lots.add(take.lotId);
  }
  const lotIds = [...needs.values()].flatMap((n) => [...n.lots]);
  const lots = allOrgs.length === 0 && lotIds.length === 0 ? { rows: [] } : await db.query(
    `SELECT id, org_id AS "orgId", source, amount::float8 AS amount, remaining::float8 AS remaining, reserved::float8 AS reserved,
            expired::float8 AS expired, priority, expires_at AS "expiresAt", granted_at AS "grantedAt", description, key, position::float8 AS position
       FROM ${t('credit_lots')} WHERE (org_id = ANY($1::uuid[]) OR id = ANY($2::text[])) AND remaining > 0 ORDER BY position`,
    [allOrgs, lotIds],
  );
  for (const row of lots.rows) {
    const lot: LotRow = { ...row, orgId: String(row.orgId), expiresAt: row.expiresAt && new Date(row.expiresAt).toISOString(), grantedAt: new Date(row.grantedAt).toISOString() };
    const org = byOrg.get(lot.orgId)!;
    org.lots.set(lot.id, lot);
    org.loaded.set(`lot:${lot.id}`, lotState(lot));
    org.open.set(lot.id, lot);
  }
  return byOrg;
}

/** The lots takes name (null: none given, a movement from before lots). */
const takenLots = (takes: Take[] | undefined) => (takes ? takes.map((t) => t.lotId) : null);

/** The lots an event moves (null: every open lot, for a movement from before lots, spread in spending order). */
function lotsMoved(event: LedgerEvent, hold: Hold | undefined): string[] | null {
  switch (event.type) {
    case 'CreditsGranted':
      return [];
    case 'CreditsDebited':
      return event.data.holdId ? (takenLots(event.data.lots) ?? []) : takenLots(event.data.lots);
    case 'CreditsRevoked':
      return takenLots(event.data.lots);
    case 'CreditsExpired':
      return [event.data.lotId];
    case 'HoldPlaced':
      return takenLots(event.data.lots);
    case 'HoldReleased':
    case 'HoldExpired':
      return takenLots(hold?.lots) ?? [];
  }
}

/**
 * The ledger's fold (evolveLedger) applied to only what the event moves: its lots and its hold. Folded
 * over every open lot of the batch instead, each event copied the whole list (a batch of a thousand
 * grants and debits, half a million lot copies). Lots keep their grant order (the spending order's tie-break).
 */
function fold(org: OrgRows, event: LedgerEvent): void {
  const holdId = 'holdId' in event.data ? event.data.holdId : undefined;
  const hold = holdId ? org.openHolds.get(holdId) : undefined;
  const moved = lotsMoved(event, hold);
  const lots = moved === null ? [...org.open.values()] : [...new Set(moved)].flatMap((id) => org.open.get(id) ?? []);
  const next = evolveLedger({ lots, holds: hold ? [hold] : [] }, event);
  const after = new Map(next.lots.map((l) => [l.id, l]));
  for (const lot of lots) {
    const changed = after.get(lot.id);
    if (changed) org.open.set(lot.id, changed);
    else org.open.delete(lot.id);
    after.delete(lot.id);
  }
  for (const lot of after.values()) org.open.set(lot.id, lot);
  if (hold) org.openHolds.delete(hold.holdId);
  for (const h of next.holds) org.openHolds.set(h.holdId, h);
}

/** The rows an event changes beside the ledger's own fold (what expired, how a hold closed). */
function record(org: OrgRows, event: LedgerEvent, position: number): void {
  const d = event.data;
  switch (event.type) {
    case 'CreditsGranted':
      // Assigned, not spread: V8 spreads an object into a literal that adds properties at ~8 µs each (67,000 grants: 0.5 s).
      org.lots.set(event.data.lotId, Object.assign({ orgId: d.orgId, expired: 0, position }, org.open.get(event.data.lotId)!));
      return;
    case 'CreditsExpired': {
      const lot = org.lots.get(event.data.lotId);
      if (lot) lot.expired += event.data.amount;
      return;
    }
    case 'HoldPlaced':
      org.holds.set(event.data.holdId, {
        id: event.data.holdId,
        orgId: d.orgId,
        credits: event.data.credits,
        captured: 0,
        status: 'open',
        expiresAt: event.data.expiresAt,
        description: event.data.description,
        lots: event.data.lots,
        placedAt: event.data.at,
        closedAt: null,
        position,
      });
      return;
    case 'CreditsDebited': {
      const hold = event.data.holdId ? org.holds.get(event.data.holdId) : undefined;
      if (hold) Object.assign(hold, { captured: hold.captured + event.data.amount, status: 'captured', closedAt: event.data.at });
      return;
    }
    case 'HoldReleased':
    case 'HoldExpired': {
      const hold = org.holds.get(event.data.holdId);
      if (!hold) return;
      const status = event.type === 'HoldExpired' ? 'expired' : hold.status === 'captured' ? 'captured' : 'released';
      Object.assign(hold, { status, closedAt: event.data.at });
      return;
    }
    case 'CreditsRevoked':
      return;
  }
}

const LOT_COLUMNS = [
  ['id', 'text'], ['org_id', 'uuid', 'orgId'], ['source', 'text'], ['amount', 'bigint'], ['remaining', 'bigint'], ['reserved', 'bigint'], ['expired', 'bigint'],
  ['priority', 'integer'], ['expires_at', 'timestamptz', 'expiresAt'], ['granted_at', 'timestamptz', 'grantedAt'], ['description', 'text'], ['key', 'text'], ['position', 'bigint'],
] as const;
const HOLD_COLUMNS = [
  ['id', 'uuid'], ['org_id', 'uuid', 'orgId'], ['credits', 'bigint'], ['captured', 'bigint'], ['status', 'text'], ['expires_at', 'timestamptz', 'expiresAt'],
  ['description', 'text'], ['lots', 'jsonb'], ['placed_at', 'timestamptz', 'placedAt'], ['closed_at', 'timestamptz', 'closedAt'], ['position', 'bigint'],
] as const;
/** A batch's rows split by where they came from: those it made (new), and those it read and changed. */
function byOrigin<R extends { id: string; orgId: string }>(rows: R[], kind: 'lot' | 'hold', orgs: Map<string, OrgRows>): [made: R[], read: R[]] {
  const made: R[] = [];
  const read: R[] = [];
  for (const row of rows) (orgs.get(row.orgId)!.loaded.has(`${kind}:${row.id}`) ? read : made).push(row);
  return [made, read];
}

/** Every lot with what is left, reserved and expired of it, and every hold with how it closed: for the expiry sweep and the admin views. */
export const lotsProjection: Projection<LedgerEvent> = {
  name: 'lots',
  // 2: a lot's debits update it in place (HOT): the expiry sweep's index reads `open`, which a debit
  //    changes only when it takes a lot's last free credit, instead of `remaining > reserved`, which
  //    every debit changed (each debit then wrote a new row version into all three of its indexes).
  version: 2,
  handles: LEDGER_EVENTS,
  tables: ['credit_lots', 'credit_holds'],
  schema: (t) => `
    CREATE TABLE ${t('credit_lots')} (
      id          text PRIMARY KEY,
      org_id      uuid NOT NULL,
      source      text NOT NULL,
      amount      bigint NOT NULL,
      remaining   bigint NOT NULL,
      reserved    bigint NOT NULL,
      expired     bigint NOT NULL,
      priority    integer NOT NULL,
      expires_at  timestamptz,
      granted_at  timestamptz NOT NULL,
      description text NOT NULL,
      key         text,
      position    bigint NOT NULL,
      open        boolean NOT NULL GENERATED ALWAYS AS (remaining > reserved) STORED
    ) WITH (fillfactor = 90);
    CREATE INDEX ON ${t('credit_lots')} (org_id, position);
    CREATE TABLE ${t('credit_holds')} (
      id          uuid PRIMARY KEY,
      org_id      uuid NOT NULL,
      credits     bigint NOT NULL,
      captured    bigint NOT NULL,
      status      text NOT NULL,
      expires_at  timestamptz NOT NULL,
      description text NOT NULL,
      lots        jsonb NOT NULL,
      placed_at   timestamptz NOT NULL,
      closed_at   timestamptz,
      position    bigint NOT NULL
    );
    CREATE INDEX ON ${t('credit_holds')} (org_id, position DESC);`,
  // Made after a rebuild's load (no batch reads through them), named as before.
  indexes: (t) => `
    CREATE INDEX IF NOT EXISTS ${t('credit_lots')}_expires_at_idx ON ${t('credit_lots')} (expires_at) WHERE open;
    CREATE INDEX IF NOT EXISTS ${t('credit_holds')}_expires_at_idx ON ${t('credit_holds')} (expires_at) WHERE status = 'open';`,
  async apply(db, events, t) {
    const upcast = events.map((e) => upcastOrgEvent(e) as LoggedEvent<LedgerEvent>);
    const orgs = await loadOpen(db, t, upcast);
    for (const event of upcast) {
      const org = orgs.get(event.data.orgId)!;
      fold(org, event);
      record(org, event, event.globalPosition);
    }
    const lots: LotRow[] = [];
    const holds: HoldRow[] = [];
    // Only what the batch changed is written: an organization with thousands of open lots whose
    // debits touch one or two of them rewrote every one of them on every batch.
    for (const org of orgs.values()) {
      for (const row of org.lots.values()) {
        const open = org.open.get(row.id);
        const lot = { ...row, remaining: open?.remaining ?? 0, reserved: open?.reserved ?? 0 };
        if (org.loaded.get(`lot:${row.id}`) !== lotState(lot)) lots.push(lot);
      }
      for (const row of org.holds.values()) {
        const hold = { ...row, lots: org.openHolds.get(row.id)?.lots ?? [] };
        if (org.loaded.get(`hold:${row.id}`) !== holdState(hold)) holds.push(hold);
      }
    }
    // The rows the batch made are the first of their key (insertRows: by COPY when many); those it read and changed are updated.
    const [newLots, changedLots] = byOrigin(lots, 'lot', orgs);
    const [newHolds, changedHolds] = byOrigin(holds, 'hold', orgs);
    await insertRows(db, t('credit_lots'), LOT_COLUMNS, newLots);
    await insertRows(db, t('credit_holds'), HOLD_COLUMNS, newHolds);
    // A lot that was read changes only in what is left, reserved and expired of it: three numbers a lot.
    if (changedLots.length > 0) {
      await db.query(
        `UPDATE ${t('credit_lots')} l SET remaining = u.remaining, reserved = u.reserved, expired = u.expired
           FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::bigint[]) AS u(id, remaining, reserved, expired) WHERE l.id = u.id`,
        [arrayLiteral(changedLots.map((l) => l.id)), arrayLiteral(changedLots.map((l) => l.remaining)), arrayLiteral(changedLots.map((l) => l.reserved)), arrayLiteral(changedLots.map((l) => l.expired))],
      );
    }
    await insertRows(db, t('credit_holds'), HOLD_COLUMNS, changedHolds, 'ON CONFLICT (id) DO UPDATE SET captured = EXCLUDED.captured, status = EXCLUDED.status, lots = EXCLUDED.lots, closed_at = EXCLUDED.closed_at');
  },
};
