"""A campaign's stables, their pilots and their mechs."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .campaign import Campaign
from .designs import mech_figures

# Skill ratings run from 0 (best) to 8 (worst), as in Total Warfare.
SKILL_RANGE = [MinValueValidator(0), MaxValueValidator(8)]
# MEKATAC: "Cada piloto tiene 6 heridas." Total Warfare agrees: the sixth hit kills the MechWarrior.
LETHAL_WOUNDS = 6

# MEKATAC "HABILIDADES DE LOS PILOTOS", rolled on a D12 "tras una gran batalla".
MEKATAC_SKILLS = (
    "Puntería", "Guía", "Agilidad", "Artes marciales", "Katas con armas", "Maniobrabilidad",
    "Tácticas", "Golpe brutal", "Ataque preciso", "Parada", "Artillería", "Mecánico",
)
# MEKATAC "FACCIONES" (plus the freelancers its notes mention).
MEKATAC_FACTIONS = (
    "Federación Colonial", "Imperio Terráqueo", "Alianza de Andrómeda", "Mercenarios Corporativos",
    "Piratas del Borde", "Templarios de la Iglesia de la Humanidad", "Señores de la Guerra independientes",
    "Mundos rebeldes", "Fuerzas de Defensa Planetaria", "Fuerza alienígena de invasión", "Freelancers",
)


class Stable(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="stables",
                                 verbose_name=_("campaign"))
    name = models.CharField(_("name"), max_length=100)
    faction = models.CharField(
        _("faction"), max_length=60, blank=True, choices=[(name, name) for name in MEKATAC_FACTIONS],
        help_text=_("MEKATAC faction."),
    )
    money = models.IntegerField(_("money"), default=0, help_text=_("C-bills."))
    fame = models.IntegerField(_("fame"), default=0)

    class Meta:
        ordering = ["name"]
        verbose_name = _("stable")
        verbose_name_plural = _("stables")
        constraints = [models.UniqueConstraint(fields=["campaign", "name"], name="one_stable_name_per_campaign")]

    def __str__(self) -> str:
        return self.name

    def label(self) -> str:
        """The name with its campaign, for lists that mix campaigns."""
        return f"{self.name} · {self.campaign}"


class Pilot(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("Active")
        INJURED = "injured", _("Injured")
        DEAD = "dead", _("Dead")
        RETIRED = "retired", _("Retired")

    # One foreign key: a pilot belongs to exactly one stable. Deleting a stable deletes its pilots, unless
    # one has fought (a fixture restricts it).
    stable = models.ForeignKey(Stable, on_delete=models.CASCADE, related_name="pilots", verbose_name=_("stable"))
    name = models.CharField(_("name"), max_length=100)
    callsign = models.CharField(_("callsign"), max_length=50, blank=True)
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="pilots",
        verbose_name=_("player"), help_text=_("The account that plays this pilot's matches."),
    )
    gunnery = models.PositiveSmallIntegerField(_("gunnery"), default=4, validators=SKILL_RANGE)
    piloting = models.PositiveSmallIntegerField(_("piloting"), default=5, validators=SKILL_RANGE)
    experience = models.PositiveIntegerField(_("experience"), default=0)
    wounds = models.PositiveSmallIntegerField(_("wounds"), default=0, validators=[MaxValueValidator(LETHAL_WOUNDS)])
    status = models.CharField(_("status"), max_length=20, choices=Status.choices, default=Status.ACTIVE)
    fame = models.IntegerField(_("fame"), default=0)
    mekatac_skills = models.JSONField(_("MEKATAC skills"), default=list, blank=True,
                                      help_text=_("MEKATAC pilot skills won on the D12."))

    class Meta:
        ordering = ["name"]
        verbose_name = _("pilot")
        verbose_name_plural = _("pilots")

    def __str__(self) -> str:
        return f'{self.name} "{self.callsign}"' if self.callsign else self.name

    def label(self) -> str:
        """The name with the stable and campaign, for lists that mix them."""
        return f"{self} · {self.stable.label()}"

    def clean(self) -> None:
        if not isinstance(self.mekatac_skills, list) or not set(self.mekatac_skills) <= set(MEKATAC_SKILLS):
            raise ValidationError({"mekatac_skills": gettext("A list of MEKATAC skills: %(skills)s.") % {
                "skills": ", ".join(MEKATAC_SKILLS)}})
        if self.status == self.Status.ACTIVE and self.wounds:
            raise ValidationError({"status": gettext("A wounded pilot is injured until the wounds heal.")})
        if self.status != self.Status.DEAD and self.wounds >= LETHAL_WOUNDS:
            raise ValidationError({"status": gettext("The sixth wound kills: this pilot is dead.")})


class Mech(models.Model):
    # Deleting a stable deletes its mechs, unless one has fought (a fixture restricts it).
    stable = models.ForeignKey(Stable, on_delete=models.CASCADE, related_name="mechs", verbose_name=_("stable"))
    # Chosen from `designs.design_choices` (the rules' and the campaign's uploads); checked by `clean`.
    design = models.CharField(_("design"), max_length=100,
                              help_text=_("A design the rules ship or one uploaded into the campaign: its tonnage "
                                          "and movement come with it."))
    tons = models.PositiveSmallIntegerField(_("tons"), default=50, editable=False,
                                            validators=[MinValueValidator(20), MaxValueValidator(100)])
    walk = models.PositiveSmallIntegerField(_("walking MP"), default=4, editable=False,
                                            validators=[MinValueValidator(1)])
    jump = models.PositiveSmallIntegerField(_("jumping MP"), default=0, editable=False)
    # One-to-one: a mech has at most one pilot and a pilot at most one mech.
    pilot = models.OneToOneField(
        Pilot, on_delete=models.SET_NULL, null=True, blank=True, related_name="mech", verbose_name=_("pilot"),
        error_messages={"unique": _("This pilot already has a mech: a pilot drives one mech at a time.")},
    )
    damage = models.PositiveIntegerField(_("damage"), default=0, help_text=_("Damage points carried until repaired."))
    destroyed = models.BooleanField(_("destroyed"), default=False)
    # The rules' mech status after its last fight (armour, structure, criticals), the next match starts from
    # it; empty for a mech as built or repaired.
    condition = models.JSONField(_("condition"), null=True, blank=True, editable=False)
    # A sold mech leaves its stable's roster but stays on record: the fights it fought name it.
    sold_at = models.DateTimeField(_("sold at"), null=True, blank=True, editable=False)

    class Meta:
        ordering = ["design"]
        verbose_name = _("mech")
        verbose_name_plural = _("mechs")

    def __str__(self) -> str:
        return f"{self.design} ({self.stable})"

    def label(self) -> str:
        return f"{self.design} · {self.stable.label()}"

    def clean(self) -> None:
        campaign_id = self.stable.campaign_id if self.stable_id else None
        if self.design and mech_figures(campaign_id, self.design) is None:
            raise ValidationError({"design": gettext(
                "%(design)s is not a design of the rules nor one uploaded into the campaign.") % {
                "design": self.design}})
        if self.pilot is not None and self.pilot.stable_id != self.stable_id:
            raise ValidationError({"pilot": gettext("The pilot must belong to the mech's stable.")})
        if self.pilot is not None and self.sold_at is not None:
            raise ValidationError({"pilot": gettext("This mech was sold: nobody drives it.")})

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Takes the tonnage and movement from the design, so what is stored is what fights (a save of other
        fields leaves them)."""
        fields = kwargs.get("update_fields")
        figures = None if fields is not None and "design" not in fields else mech_figures(
            self.stable.campaign_id if self.stable_id else None, self.design)
        if figures is not None:
            _, self.tons, self.walk, self.jump = figures
            if fields is not None:
                kwargs["update_fields"] = {*fields, "tons", "walk", "jump"}
        super().save(*args, **kwargs)

    @property
    def repair_state(self) -> str:
        if self.sold_at is not None:
            return "sold"
        if self.destroyed:
            return "destroyed"
        return "damaged" if self.damage else "ready"
