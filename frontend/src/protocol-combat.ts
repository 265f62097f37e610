// The combat part of the websocket frames (docs/protocol.md): attack orders and their checks, the combat
// reports of a resolution and each mech's record sheet.

import type { CodedError } from "./errors";
import type { Roll } from "./protocol";
import type { ReasonCode } from "./reasons";

/** A weapon order (weapons phase): no weapons holds fire. Weapons are named by component number. */
export interface WeaponOrder {
  unit: string;
  target: string;
  weapons: string[];
  twist: number;
}

/** A physical attack order: no target makes no attack. */
export interface PhysicalOrder {
  unit: string;
  target: string;
  attack: string;
  limb: string;
}

export type AttackOrder = WeaponOrder | PhysicalOrder;

export interface Modifier {
  value: number;
  reason: string;
  reason_code?: ReasonCode;
}

/** What an attack needs on 2D6: the sum of its modifiers. */
export interface ToHit {
  target: number;
  modifiers: Modifier[];
}

export interface PlannedAttack {
  unit: string;
  target: string;
  attack: string;
  to_hit: ToHit;
  /** The hit location table a hit rolls on: "standard", "punch" or "kick" ("" for a push). */
  location_table?: string;
}

/** One attack checked alone before it is declared (`GET …/attack-options/`): its target number, or why not. */
export interface AttackOption {
  /** A weapon's component number, or a physical attack's `kind:limb`. */
  choice: string;
  legal: boolean;
  to_hit?: ToHit;
  error?: CodedError;
}

export interface AttackOptions {
  unit: string;
  target: string;
  twist: number;
  options: AttackOption[];
}

/** The server's check of an attack order (rules.codec.attacks_to_json). */
export interface AttackCheck {
  legal: boolean;
  attacks: PlannedAttack[];
}

export interface AttackResult extends PlannedAttack {
  roll: Roll;
  hit: boolean;
  damage: number;
  reasons: string[];
  reason_codes?: ReasonCode[];
}

/** One attack, heat or end phase of a resolution (rules.combat_codec.combat_report_to_json). */
export interface CombatReport {
  phase: string;
  attacks: AttackResult[];
  reasons: string[];
  reason_codes?: ReasonCode[];
  rolls: Roll[];
  /** Building hexes the phase damaged: the CF left (0: collapsed into rubble). */
  buildings?: { hex: string; damage: number; cf: number; collapsed: boolean }[];
}

export interface WeaponInfo {
  index: number;
  name: string;
  label: string;
  heat: number;
  damage: number;
  /** `underwater`: short/medium/long range fired by a submerged mech; empty when the weapon cannot fire there. */
  range: { minimum: number; short: number; medium: number; long: number; underwater?: number[] };
  fired: boolean;
  destroyed: boolean;
  /** The error code (`attack.prone_*`) when the mech lies prone and this weapon cannot fire; "" otherwise. */
  prone_blocked?: string;
}

/** An item in a mech's critical slots (matches/combat_view.py), with the slots a critical hit took. */
export interface ComponentInfo {
  index: number;
  name: string;
  location: string;
  slots: number[];
  rear: boolean;
  hit_slots: number[];
  destroyed: boolean;
}

/** The heat scale at the mech's heat: the server's numbers (0: no roll needed). */
export interface HeatEffects {
  mp_loss: number;
  to_hit: number;
  shutdown_avoid: number;
  automatic_shutdown: boolean;
  ammo_explosion_avoid: number;
  dissipation: number;
}

/** The design's MP and what damage and heat leave of them, with why. */
export interface MovementInfo {
  walk: number;
  walk_left: number;
  jump: number;
  jump_left: number;
  reasons: string[];
  reason_codes?: ReasonCode[];
}

/** An ammunition bin: shown to the mech's own player (and the referee) only. */
export interface AmmoInfo {
  index: number;
  label: string;
  shots: number;
}

/** A mech's public condition (the player view's `mechs`): its record sheet. */
export interface MechInfo {
  design: string;
  heat: number;
  armour: Record<string, number>;
  rear_armour?: Record<string, number>;
  internal: Record<string, number>;
  armour_max?: Record<string, number>;
  rear_armour_max?: Record<string, number>;
  internal_max?: Record<string, number>;
  locations_destroyed?: string[];
  flooded?: string[];
  pilot_hits?: number;
  conscious: boolean;
  shutdown: boolean;
  destroyed: string;
  surrendered: boolean;
  active: boolean;
  weapons: WeaponInfo[];
  components?: ComponentInfo[];
  heat_effects?: HeatEffects;
  movement?: MovementInfo;
  ammo?: AmmoInfo[];
}
