"""The tables of the MEKATAC text, as data: sizes, systems and weapons, melee damage, criticals, action cards.

Every number here is the text's ("TAMAÑO", "SISTEMAS", "TABLA DE DAÑOS CUERPO A CUERPO", "TABLA DE DAÑO
CRÍTICO", "LISTA DE CARTAS DE ACCIONES"); the mechanics read them and write none of their own.
"""

from __future__ import annotations

from dataclasses import dataclass

SMALL, MEDIUM, LARGE = "small", "medium", "large"


@dataclass(frozen=True, slots=True)
class SizeRow:
    """One row of the size table: movement points, armour, class and initiative modifier."""

    mp: int
    armour: int
    size_class: str
    initiative: int


# "TAMAÑO / PUNTOS DE MOVIMIENTO / BLINDAJE / CLASE / INICIATIVA"
SIZES: dict[int, SizeRow] = {
    2: SizeRow(8, 20, SMALL, 3), 3: SizeRow(7, 30, SMALL, 2), 4: SizeRow(7, 40, SMALL, 1),
    5: SizeRow(6, 50, MEDIUM, 1), 6: SizeRow(6, 60, MEDIUM, 0), 7: SizeRow(5, 70, MEDIUM, 0),
    8: SizeRow(5, 80, MEDIUM, -1), 9: SizeRow(4, 90, LARGE, -1), 10: SizeRow(4, 100, LARGE, -2),
    11: SizeRow(3, 110, LARGE, -3), 12: SizeRow(3, 120, LARGE, -4),
}

# Weapon families: they decide the to-hit bonus, the cooling turn, indirect fire, burning and ammunition types.
BEAM, MISSILE, BALLISTIC, PLASMA, FLAMER, MORTAR, BLADE, BOMB = (
    "beam", "missile", "ballistic", "plasma", "flamer", "mortar", "blade", "bomb")
# "Las armas de plasma y los lanzallamas dan un +1 para impactar."
EASY_FAMILIES = frozenset({PLASMA, FLAMER})


@dataclass(frozen=True, slots=True)
class System:
    """A system of the SISTEMAS tables. A weapon has its family, damage dice ``dice``D``sides``, long range
    in hexes and ammunition (None: "U", unlimited); the other systems have none of these."""

    key: str
    name: str
    size: int
    family: str = ""
    dice: int = 0
    sides: int = 0
    range: int = 0
    ammo: int | None = None

    @property
    def weapon(self) -> bool:
        return bool(self.family)


def _w(key: str, name: str, size: int, family: str, damage: tuple[int, int], reach: int, ammo: int | None) -> System:
    return System(key, name, size, family, damage[0], damage[1], reach, ammo)


# Blades and the bomb roll their damage elsewhere (the melee table by size class; 6D10 to each adjacent meka).
SYSTEMS: dict[str, System] = {system.key: system for system in (
    _w("lasrifle", "Lasrifle", 1, BEAM, (1, 4), 6, None),
    _w("lascanon", "Lascañón", 2, BEAM, (1, 8), 9, None),
    _w("cpp", "CPP", 3, BEAM, (1, 12), 12, None),
    _w("missile_s", "Lanzamisiles pequeño", 1, MISSILE, (1, 10), 12, 6),
    _w("missile_m", "Lanzamisiles mediano", 1, MISSILE, (2, 10), 18, 3),
    _w("missile_l", "Lanzamisiles grande", 1, MISSILE, (3, 10), 24, 2),
    _w("missile_xl", "Lanzamisiles extragrande", 1, MISSILE, (4, 10), 30, 1),
    _w("chain_gun", "Chain Gun", 1, BALLISTIC, (1, 6), 4, 12),
    _w("rail_gun", "Rail Gun", 2, BALLISTIC, (2, 6), 8, 10),
    _w("rail_cannon", "Rail Cannon", 3, BALLISTIC, (3, 6), 12, 8),
    _w("siege_cannon", "Cañón de asedio", 4, BALLISTIC, (4, 6), 16, 6),
    _w("plasgun", "Plasgun", 1, PLASMA, (1, 10), 2, None),
    _w("plasma_projector", "Proyector de Plasma", 2, PLASMA, (2, 10), 3, None),
    _w("plasma_cannon", "Cañón de Plasma", 3, PLASMA, (3, 10), 4, None),
    _w("fusion_cannon", "Cañón de Fusión", 4, PLASMA, (4, 10), 6, None),
    _w("flamer_s", "Lanzallamas pequeño", 1, FLAMER, (1, 4), 1, 8),
    _w("flamer_m", "Lanzallamas mediano", 2, FLAMER, (1, 8), 2, 6),
    _w("flamer_l", "Lanzallamas grande", 3, FLAMER, (1, 12), 3, 4),
    _w("mortar_s", "Mortero pequeño", 1, MORTAR, (1, 8), 6, 12),
    _w("mortar_m", "Mortero mediano", 2, MORTAR, (2, 8), 8, 10),
    _w("mortar_l", "Mortero grande", 3, MORTAR, (3, 8), 10, 8),
    _w("blade", "Arma Blanca", 1, BLADE, (0, 0), 1, None),
    _w("bomb", "Bomba", 1, BOMB, (6, 10), 1, 1),
    System("armour", "Blindaje", 1),
    System("aimer", "Apuntador", 1),
    System("four_legs", "4 patas", 1),
    System("jump_jets", "Jump Jets", 1),
    System("wings", "Alas", 1),
    System("transformer", "Transformer", 1),
)}

# "Blindaje: +10 Blindaje"; "Alas / Transformer: -20% del blindaje total estándar".
ARMOUR_PER_SYSTEM = 10
LIGHTER_ARMOUR_PERCENT = 20
LIGHTER_ARMOUR = frozenset({"wings", "transformer"})
# "4 patas: Movimiento +2", "Jump Jets: Movimiento +4", "Alas: Movimiento +8".
WALK_MP_BONUS = {"four_legs": 2}
JUMP_MP = 4
FLY_MP = 8
# "Mekas medios pueden equiparse con Jets al coste de tamaño = 2."
MEDIUM_JETS_SIZE = 2

# "Los ataques impactan con una tirada de 7+ en 1D10."
HIT_ON = 7
TO_HIT_SIDES = 10
ADJACENT_BONUS = 2
HALF_RANGE_BONUS = 1
SIZE_CLASS_MODIFIER = {SMALL: -1, MEDIUM: 0, LARGE: 1}
AIRBORNE_BONUS = 1
AIMER_BONUS = 1
EASY_BONUS = 1
COMPUTER_PENALTY = -1
# "Cobertura parcial del 25% / 50% / 75%": one point less to hit per quarter.
MOST_COVER_QUARTERS = 3

# "TABLA DE DAÑOS CUERPO A CUERPO": (dice, sides) by the attacker's class.
PUNCH, KICK = "punch", "kick"
MELEE: dict[str, dict[str, tuple[int, int]]] = {
    SMALL: {PUNCH: (1, 4), KICK: (1, 6), BLADE: (1, 8)},
    MEDIUM: {PUNCH: (1, 6), KICK: (1, 8), BLADE: (2, 6)},
    LARGE: {PUNCH: (1, 8), KICK: (1, 10), BLADE: (2, 8)},
}

# "Se tira en la tabla de daños críticos cada vez que un impacto hace 10 o más puntos de daño."
CRITICAL_DAMAGE = 10
CRITICAL_SIDES = 12
LEG_DESTROYED, PILOT_WOUNDED, LEG_DAMAGED, WEAPON, REACTOR, COMPUTER, SHOCK, FALL, FIRE, NO_EFFECT = (
    "leg_destroyed", "pilot_wounded", "leg_damaged", "weapon", "reactor", "computer", "shock", "fall",
    "electrical_fire", "no_effect")
CRITICALS = {1: LEG_DESTROYED, 2: PILOT_WOUNDED, 3: LEG_DAMAGED, 4: WEAPON, 5: WEAPON, 6: REACTOR, 7: COMPUTER,
             8: SHOCK, 9: FALL, 10: FIRE, 11: NO_EFFECT, 12: NO_EFFECT}
PILOT_WOUND_SIDES = 6  # "El piloto recibe 1D6 heridas"
PILOT_WOUNDS = 6  # "Cada piloto tiene 6 heridas."
REACTOR_SIDES, REACTOR_EXPLODES_ON = 6, 4  # "explotará con un 4+ en 1D6 al final del turno"
FIRE_SIDES = 4  # "Recibe 1D4 de daño al principio de cada turno"
# "Un Meka volador que cae pierde 2D6 X 10% del total de su blindaje original"
FALL_DICE, FALL_SIDES, FALL_PERCENT_PER_POINT = 2, 6, 10
# "Los Mekas impactados por lanzallamas sufren daño durante tres turnos": the turn of the hit and two more.
BURN_TURNS_AFTER_HIT = 2

# "LISTA DE CARTAS DE ACCIONES: La baraja contiene 4 cartas de cada tipo"
ACTION_CARDS = ("jaleo", "blitz", "pura_suerte", "salva", "deflexion", "disparo_apuntado", "critico", "tactica",
                "iniciativa", "duda", "atascado", "ataque_oportunidad")
COPIES_PER_CARD = 4
CARDS_PER_TURN = 3  # "Cada jugador toma 3 cartas de acción."
HAND_LIMIT = 8  # "El número de cartas en mano no puede pasar de 8."

# The cards' effects ("LISTA DE CARTAS DE ACCIONES").
JALEO, BLITZ, PURA_SUERTE, SALVA, DEFLEXION, DISPARO_APUNTADO, CRITICO, TACTICA, INICIATIVA, DUDA, ATASCADO, \
    OPORTUNIDAD = ACTION_CARDS
CARD_NAMES = {JALEO: "Jaleo Meka", BLITZ: "Blitz Meka", PURA_SUERTE: "Pura suerte", SALVA: "Salva",
              DEFLEXION: "Deflección", DISPARO_APUNTADO: "Disparo apuntado", CRITICO: "Crítico", TACTICA: "Táctica",
              INICIATIVA: "Iniciativa", DUDA: "Duda", ATASCADO: "Atascado", OPORTUNIDAD: "Ataque de oportunidad"}
CARD_MP = {JALEO: 4, BLITZ: 8}  # "aumenta su movimiento en +4 / +8 puntos"
INITIATIVE_CARD_BONUS = 10  # "Un Meka recibe +10 a su tirada de iniciativa"
ON_ENEMY = frozenset({DUDA, ATASCADO})  # played on an enemy meka, named by "target"
ON_ATTACK = frozenset({DISPARO_APUNTADO, CRITICO})  # played with one attack (a volley's first)
STANDING = frozenset({DEFLEXION, PURA_SUERTE, TACTICA})  # wait for their moment; spent only when they act

# "MUNICIÓN BALÍSTICA, DE MISILES Y MORTEROS": Perforante "Daño +1", Inteligente "+1 para impactar", Alto
# explosivo "Área de efecto = hexágono objetivo y todos los adyacentes".
PIERCING, SMART, HIGH_EXPLOSIVE = "perforante", "inteligente", "alto_explosivo"
AMMO_TYPES = (PIERCING, SMART, HIGH_EXPLOSIVE)
AMMO_FAMILIES = frozenset({BALLISTIC, MISSILE, MORTAR})
PIERCING_DAMAGE = 1
SMART_BONUS = 1

# "HABILIDADES DE LOS PILOTOS" (1D12).
PUNTERIA, GUIA, AGILIDAD, ARTES_MARCIALES, KATAS, MANIOBRABILIDAD, TACTICAS, GOLPE_BRUTAL, ATAQUE_PRECISO, \
    PARADA, ARTILLERIA, MECANICO = PILOT_SKILLS = (
        "punteria", "guia", "agilidad", "artes_marciales", "katas", "maniobrabilidad", "tacticas", "golpe_brutal",
        "ataque_preciso", "parada", "artilleria", "mecanico")
SKILL_SIDES = 12
SKILL_NAMES = {PUNTERIA: "Puntería", GUIA: "Guía", AGILIDAD: "Agilidad", ARTES_MARCIALES: "Artes marciales",
               KATAS: "Katas con armas", MANIOBRABILIDAD: "Maniobrabilidad", TACTICAS: "Tácticas",
               GOLPE_BRUTAL: "Golpe brutal", ATAQUE_PRECISO: "Ataque preciso", PARADA: "Parada",
               ARTILLERIA: "Artillería", MECANICO: "Mecánico"}
AIMING_SKILLS = {PUNTERIA: BALLISTIC, GUIA: MISSILE}  # "+1 para impactar" on one such attack a turn
EXTRA_PUNCH, EXTRA_KICK, EXTRA_BLADE, EXTRA_BALLISTIC = -1, -2, -2, -2  # the extra attacks' to-hit
DODGE_SIDES, DODGE_UP_TO = 6, 3  # Agilidad, Parada: "con una tirada de 1 a 3 en 1D6"
BRUTAL_DAMAGE = 1  # Golpe brutal: "Ataques cuerpo a cuerpo hacen +1 al daño"
MANOEUVRE_MP = 1  # Maniobrabilidad
TACTICS_INITIATIVE, TACTICS_CARDS = 2, 1  # Tácticas: "Tirada de iniciativa +2 y puede tomar una carta más"

# "BARAJA DE MEJORAS" and "BARAJA DE CARTAS DE ESTRATEGIA": two of each card, four of each deck drawn by each
# player "antes del despliegue".
BLINDAJE_EXTRA, ARMA_EXTRA, ARMA_MEJORADA, VETERANO, MOTOR_AVANZADO, MUNICION_EXTRA = UPGRADE_CARDS = (
    "blindaje_extra", "arma_extra", "arma_mejorada", "veterano", "motor_avanzado", "municion_extra")
TERRENO, EMBOSCADA, DANOS, SORPRESA, FUEGO_APOYO, APOYO_AEREO, MINAS, MEKA_OCULTO = STRATEGY_CARDS = (
    "terreno", "emboscada", "danos", "sorpresa", "fuego_apoyo", "apoyo_aereo", "minas", "meka_oculto")
DECK_COPIES, PREPARATION_DRAW = 2, 4
PREPARATION_NAMES = {BLINDAJE_EXTRA: "Blindaje extra", ARMA_EXTRA: "Arma extra", ARMA_MEJORADA: "Arma mejorada",
                     VETERANO: "Veterano", MOTOR_AVANZADO: "Motor avanzado", MUNICION_EXTRA: "Munición extra",
                     TERRENO: "Terreno", EMBOSCADA: "Emboscada", DANOS: "Daños", SORPRESA: "Sorpresa",
                     FUEGO_APOYO: "Fuego de apoyo", APOYO_AEREO: "Apoyo aéreo", MINAS: "Minas",
                     MEKA_OCULTO: "Meka oculto"}
EXTRA_ARMOUR = 10  # "El Meka tiene 10 puntos extra de blindaje"
ENGINE_MP = 1  # "Motor avanzado: El Meka gana +1 punto de movimiento"
AMBUSH_REACH = 8  # "Mueve un Meka enemigo hasta 8 casillas de su posición inicial"
STARTING_DAMAGE = (2, 6)  # "Un Meka enemigo empieza con 2D6 de daño"
SURPRISE_BONUS = 10  # "un +10 a la primera tirada de iniciativa del juego"
MINE_DAMAGE = (4, 10)  # "Las minas hacen 4D10 de daño al Meka que las pise"
SUPPORT_WEAPONS = {FUEGO_APOYO: "missile_xl", APOYO_AEREO: "missile_l"}  # "un misil extragrande / largo"
# "Arma mejorada: Un arma aumenta en un nivel de tamaño": the next weapon of its family's table.
WEAPON_LADDERS = (("lasrifle", "lascanon", "cpp"), ("missile_s", "missile_m", "missile_l", "missile_xl"),
                  ("chain_gun", "rail_gun", "rail_cannon", "siege_cannon"),
                  ("plasgun", "plasma_projector", "plasma_cannon", "fusion_cannon"),
                  ("flamer_s", "flamer_m", "flamer_l"), ("mortar_s", "mortar_m", "mortar_l"))
