//! The Reformation in play (§18): series of reformation and
//! counter-reformation attempts, the religious CP actions of the Spend
//! frame (Publish Treatise, Translate Scripture, Burn Books, Build St
//! Peter's, Found Jesuit University), debater bonuses, Jesuit universities
//! placed by events, and Luther's 95 Theses (phase 1 of turn 1).

use crate::action::Action;
use crate::dice::Dice;
use crate::engine::{ActionList, Log};
use crate::event::Event;
use crate::frames::Frame;
use crate::game::{DebaterState, Game, ReformerState, electorate_regulars};
use crate::rules::religion::{
    self, AttemptKind, BonusDice, FULL_BIBLE_BOXES, NEW_TESTAMENT_BOXES, TETZEL_CP_PER_ATTEMPT, TRANSLATION_ATTEMPTS,
    attacker_wins, attempt_dice, automatic_success, can_lend_bonus, can_translate, debater_dice, extra_attempts,
    in_target_zone, is_target, jesuits_founded, translation_zone, university_sites,
};
use crate::types::{Card, Debater, Faction, LanguageZone, Power, Reformer, Religion, Space};

/// CP costs of the religious actions (§11.2).
pub(crate) mod cost {
    pub const TREATISE: u8 = 2;
    pub const TREATISE_ENGLAND: u8 = 3;
    pub const TRANSLATE: u8 = 1;
    pub const BURN_BOOKS: u8 = 2;
    pub const ST_PETERS: u8 = 1;
    pub const UNIVERSITY: u8 = 3;
    pub const UNIVERSITY_LOYOLA: u8 = 2;
}

/// Attempts of a Publish Treatise or Burn Books (§18.1).
const ACTION_ATTEMPTS: u8 = 2;
/// Attempts of Luther's 95 Theses (§18.1).
const THESES_ATTEMPTS: u8 = 5;
/// The most attempts a series can hold (Marburg Colloquy: two debaters'
/// values), for validation.
const MAX_ATTEMPTS: u8 = 12;

/// What started a series: which extra-attempt debaters it may use (§18.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub(crate) enum Source {
    /// Luther's 95 Theses (§18.1).
    Theses,
    /// Publish Treatise (§18.1): Carlstadt or Calvin may add an attempt.
    Treatise,
    /// Burn Books (§18.1): Cajetan or Caraffa may add one, Tetzel CP.
    BurnBooks,
    /// A completed New Testament or Full Bible (§18.1).
    Translation,
    /// A card event (Defender of the Faith, Printing Press, ...).
    Event,
    /// Book of Common Prayer (#62): English home spaces only (§18.3 step
    /// 1), then its unrest roll.
    CommonPrayer,
}

/// Where a series stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub(crate) enum Stage {
    /// Before the first attempt: an extra-attempt debater may be committed,
    /// or the first target chosen (§18.2).
    Opening,
    /// The attacker chooses the next target.
    Choose,
    /// The target is chosen; an extra-die debater may be committed before
    /// the roll (§18.2), or declined.
    Roll(Space),
}

/// A series of attempts in progress (§18.3, §18.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub(crate) struct Series {
    /// Who attempts: the Protestant or England (reformation), the Papacy
    /// (counter-reformation).
    pub attacker: Power,
    /// Reformation or counter-reformation.
    pub kind: AttemptKind,
    /// What started it.
    pub source: Source,
    /// The target language zone (`None`: any zones), for the tie rule and
    /// automatic success (§18.3 step 1).
    pub zone: Option<LanguageZone>,
    /// Attempts left.
    pub left: u8,
    /// +1 die on each attempt (95 Theses).
    pub theses: bool,
    /// +1 on each attacker die against a target in the zone (Full Bible,
    /// Calvin's Institutes).
    pub plus_one: bool,
    /// The debater committed for this series.
    pub debater: Option<Debater>,
    /// Where it stands.
    pub stage: Stage,
}

impl Series {
    /// `attempts` attempts of `kind` by `attacker` in `zone`, from `source`.
    pub(crate) const fn new(
        attacker: Power,
        kind: AttemptKind,
        source: Source,
        zone: Option<LanguageZone>,
        attempts: u8,
    ) -> Series {
        Series {
            attacker,
            kind,
            source,
            zone,
            left: attempts,
            theses: false,
            plus_one: false,
            debater: None,
            stage: Stage::Choose,
        }
    }

    /// With +1 on each attacker die in the zone (Full Bible, Calvin's Institutes).
    pub(crate) const fn with_plus_one(mut self) -> Series {
        self.plus_one = true;
        self
    }

    /// Whether the series fits the rules' shapes (for validation).
    pub(crate) fn fits(&self) -> bool {
        let attacker_fits = match self.kind {
            AttemptKind::Reformation => matches!(self.attacker, Power::Protestant | Power::England),
            AttemptKind::CounterReformation => self.attacker == Power::Papacy,
        };
        attacker_fits && self.left <= MAX_ATTEMPTS && !(self.left == 0 && matches!(self.stage, Stage::Roll(_)))
    }
}

impl Game {
    /// Starts a series of attempts (§18.3, §18.4): the attacker chooses the
    /// targets one at a time until none is left or no target is legal. Card
    /// events (Defender of the Faith, Printing Press, A Mighty Fortress, ...)
    /// call this with their own series.
    pub(crate) fn begin_attempts(&mut self, mut series: Series) {
        series.stage = if self.opening_debaters(&series).next().is_some() { Stage::Opening } else { Stage::Choose };
        self.stack.push(Frame::Attempts { series });
        self.settle_attempts();
    }

    /// Ends the series on top if it has no attempt left or no legal target.
    fn settle_attempts(&mut self) {
        if let Some(&Frame::Attempts { series }) = self.stack.top() {
            let waiting = matches!(series.stage, Stage::Roll(_));
            if !waiting && (series.left == 0 || self.attempt_targets(&series).next().is_none()) {
                self.stack.pop();
                if series.source == Source::CommonPrayer {
                    self.after_common_prayer();
                }
            }
        }
    }

    /// The legal targets of an attempt of `kind` now (§18.3, §18.4 step 1),
    /// not yet targeted this impulse.
    /// Book of Common Prayer (#62) allows English home spaces only.
    fn attempt_targets(&self, series: &Series) -> impl Iterator<Item = Space> + '_ {
        let (kind, english) = (series.kind, series.source == Source::CommonPrayer);
        Space::ALL.into_iter().filter(move |&s| {
            !self.targeted_this_impulse.contains(s)
                && is_target(self, kind, s)
                && (!english || s.home() == Faction::England)
        })
    }

    /// Extra-attempt (and Tetzel's) debaters the series may commit before
    /// its first attempt (§18.2): Carlstadt and Calvin for a Protestant
    /// treatise, Cajetan, Caraffa and Tetzel for Burn Books.
    fn opening_debaters<'a>(&'a self, series: &Series) -> impl Iterator<Item = Debater> + 'a {
        let offered: &'static [Debater] = match (series.source, series.attacker) {
            (Source::Treatise, Power::Protestant) => &[Debater::Carlstadt, Debater::Calvin],
            (Source::BurnBooks, _) => &[Debater::Cajetan, Debater::Caraffa, Debater::Tetzel],
            _ => &[],
        };
        let (attacker, free) = (series.attacker, series.debater.is_none());
        offered.iter().copied().filter(move |&d| free && can_lend_bonus(self, attacker, d))
    }

    /// Extra-die debaters the series may commit before the roll on `target`.
    fn roll_debaters<'a>(&'a self, series: &Series, target: Space) -> impl Iterator<Item = Debater> + 'a {
        let (attacker, kind, free) = (series.attacker, series.kind, series.debater.is_none());
        Debater::ALL
            .into_iter()
            .filter(move |&d| free && can_lend_bonus(self, attacker, d) && debater_dice(self, d, kind, target) > 0)
    }

    pub(crate) fn attempt_actions(&self, series: Series, list: &mut ActionList) {
        match series.stage {
            Stage::Opening => {
                list.extend(self.opening_debaters(&series).map(Action::CommitDebater));
                list.extend(self.attempt_targets(&series).map(Action::Target));
            }
            Stage::Choose => list.extend(self.attempt_targets(&series).map(Action::Target)),
            Stage::Roll(target) => {
                list.push(Action::Decline);
                list.extend(self.roll_debaters(&series, target).map(Action::CommitDebater));
            }
        }
    }

    pub(crate) fn apply_attempts(&mut self, mut series: Series, action: Action, log: &mut dyn Log) {
        match (series.stage, action) {
            (Stage::Roll(target), Action::CommitDebater(debater)) => {
                self.commit_debater(series.attacker, debater, log);
                series.debater = Some(debater);
                self.resolve_attempt(series, target, log);
            }
            (Stage::Roll(target), Action::Decline) => self.resolve_attempt(series, target, log),
            (_, Action::CommitDebater(debater)) => {
                self.commit_debater(series.attacker, debater, log);
                series.debater = Some(debater);
                if let Some((attempts, zone)) = extra_attempts(debater, series.zone) {
                    (series.left, series.zone) = (attempts, zone);
                }
                if debater == Debater::Tetzel && !TETZEL_CP_PER_ATTEMPT {
                    self.add_st_peters_cp(1, log);
                }
                series.stage = Stage::Choose;
                self.put_series(series);
                self.settle_attempts();
            }
            (_, Action::Target(target)) => {
                self.targeted_this_impulse.insert(target);
                if self.roll_debaters(&series, target).next().is_some() {
                    series.stage = Stage::Roll(target);
                    self.put_series(series);
                } else {
                    self.resolve_attempt(series, target, log);
                }
            }
            _ => {}
        }
    }

    /// Replaces the series on top of the stack.
    fn put_series(&mut self, series: Series) {
        if let Some(Frame::Attempts { series: top }) = self.stack.top_mut() {
            *top = series;
        }
    }

    /// One attempt on `target` (§18.3 steps 2-8, §18.4 steps 2-9): both
    /// sides roll and keep their highest die; the result; the next target.
    fn resolve_attempt(&mut self, mut series: Series, target: Space, log: &mut dyn Log) {
        let kind = series.kind;
        let in_zone = in_target_zone(target, series.zone);
        let bonus = BonusDice {
            debater: series.debater.map_or(0, |d| debater_dice(self, d, kind, target)),
            theses: series.theses,
            printing_press: self.printing_press_in_effect(),
        };
        let dice = attempt_dice(self, kind, target, bonus);
        let attack = self.roll_dice(dice.attacker.total());
        let raw = attack.highest().unwrap_or(0);
        let attacker_high = match kind {
            AttemptKind::Reformation if series.plus_one && in_zone => raw + 1,
            AttemptKind::CounterReformation if self.augsburg_confession_in_effect() => raw.saturating_sub(1),
            _ => raw,
        };
        let (defence, defender_high, success) = if automatic_success(self, kind, attacker_high, in_zone) {
            (Dice::NONE, 0, true)
        } else {
            let defence = self.roll_dice(dice.defender.total());
            let high = defence.highest().unwrap_or(0);
            (defence, high, attacker_wins(self, kind, attacker_high, high, in_zone))
        };
        log.event(match kind {
            AttemptKind::Reformation => Event::ReformationAttempt {
                power: series.attacker,
                space: target,
                attacker: attack,
                defender: defence,
                attacker_high,
                defender_high,
                success,
            },
            AttemptKind::CounterReformation => Event::CounterReformationAttempt {
                space: target,
                attacker: attack,
                defender: defence,
                attacker_high,
                defender_high,
                success,
            },
        });
        if success {
            self.change_religion(target, kind.result_religion(), log);
        } else if series.debater == Some(Debater::Carlstadt) && target.language() == Some(LanguageZone::German) {
            // §18.3 step 8: unrest even in an occupied space.
            if self.put_unrest(target, true) {
                log.event(Event::UnrestPlaced(target));
            }
        }
        if series.debater == Some(Debater::Tetzel) && TETZEL_CP_PER_ATTEMPT {
            self.add_st_peters_cp(1, log);
        }
        series.left = series.left.saturating_sub(1);
        series.stage = Stage::Choose;
        self.put_series(series);
        self.settle_attempts();
    }

    /// Whether Printing Press (#90) is in effect this turn: +1 die on every
    /// reformation attempt (§18.3 step 3): it was played as an event this turn.
    fn printing_press_in_effect(&self) -> bool {
        self.event_played_this_turn(Card::PrintingPress)
    }

    /// Whether Augsburg Confession (#39) is in effect this turn: -1 on every
    /// Papal die (§18.4 step 4): it was played as an event this turn.
    pub(crate) fn augsburg_confession_in_effect(&self) -> bool {
        self.event_played_this_turn(Card::AugsburgConfession)
    }

    /// Commits `debater` for `power`'s one bonus of the impulse (§18.2).
    fn commit_debater(&mut self, power: Power, debater: Debater, log: &mut dyn Log) {
        self.debaters[debater.index()] = DebaterState::Committed;
        self.debater_bonus_used.insert(power);
        log.event(Event::DebaterCommitted(debater));
    }

    /// Sets the religion of `space`, reports it, and brings an electorate's
    /// regulars off the Electorate Display when they are due (§18.3 step 8,
    /// §18.7). Rules that flip spaces (debates, Diet of Worms, events) can
    /// share it.
    pub(crate) fn change_religion(&mut self, space: Space, religion: Religion, log: &mut dyn Log) {
        if self.religion(space) == religion {
            return;
        }
        // A minor power's space keeps its political control; only its
        // religion changes (§18.3 step 8: the grey marker shows it).
        self.put_religion(space, religion);
        log.event(Event::ReligionChanged { space, religion });
        self.release_electorate_regulars(space, log);
    }

    /// Places an electorate's Protestant regulars from the Electorate
    /// Display if they are due (§18.7, §21.6; `rules::religion::electorate_regulars_due`).
    pub(crate) fn release_electorate_regulars(&mut self, space: Space, log: &mut dyn Log) {
        if !religion::electorate_regulars_due(self, space) {
            return;
        }
        // Regulars the counters cannot show keep waiting (§5.2).
        let regulars = electorate_regulars(space);
        let mut units = self.land_units(space, Faction::Protestant);
        units.regulars = units.regulars.saturating_add(regulars);
        if self.set_land_units(space, Faction::Protestant, units).is_ok() {
            self.electorate_display.remove(space);
            log.event(Event::ElectorateRegularsPlaced { space, regulars });
        }
    }

    // --- Religious CP actions (§11.2, §18.1) ---------------------------------

    /// The religious actions `power` may spend `cp` on, into `list`.
    /// The religious actions without an object `power` may take with `cp`
    /// (St Peter's, a university), in index order.
    pub(crate) fn religious_spend_units(&self, power: Power, cp: u8, list: &mut ActionList) {
        let candidates = [Action::BuildStPeters, Action::FoundUniversity];
        list.extend(candidates.into_iter().filter(|&a| self.religious_spend_legal(power, cp, a)));
    }

    /// The religious actions with an object `power` may take with `cp`
    /// (treatises, translations, Burn Books, debaters), in index order.
    pub(crate) fn religious_spend_objects(&self, power: Power, cp: u8, list: &mut ActionList) {
        if !matches!(power, Power::Protestant | Power::England | Power::Papacy) {
            return;
        }
        let zones = LanguageZone::ALL;
        let candidates = (zones.map(Action::PublishTreatise).into_iter())
            .chain(zones.map(Action::TranslateScripture))
            .chain(zones.map(Action::BurnBooks))
            .chain(Debater::ALL.into_iter().map(Action::CommitDebater));
        list.extend(candidates.filter(|&a| self.religious_spend_legal(power, cp, a)));
    }

    /// What a Publish Treatise costs `power` (§18.1): England 3 CP, or 2
    /// in a turn of Thomas Cromwell's treatise (#115); the Protestant 2.
    pub fn treatise_cost(&self, power: Power) -> u8 {
        if power == Power::England && !self.succession.cromwell_treatises {
            cost::TREATISE_ENGLAND
        } else {
            cost::TREATISE
        }
    }

    /// `power` publishes a treatise in `zone` (§18.1): 2 Reformation
    /// attempts there (its CP already paid, or given by an event).
    pub(crate) fn publish_treatise(&mut self, power: Power, zone: LanguageZone) {
        let kind = AttemptKind::Reformation;
        self.begin_attempts(Series::new(power, kind, Source::Treatise, Some(zone), ACTION_ATTEMPTS));
    }

    /// Whether `power` may take the religious action `action` with `cp` left.
    pub(crate) fn religious_spend_legal(&self, power: Power, cp: u8, action: Action) -> bool {
        match (power, action) {
            (Power::Protestant, Action::PublishTreatise(_)) => cp >= cost::TREATISE,
            // England only with the Cranmer reformer on the map, in the English zone (§18.1).
            (Power::England, Action::PublishTreatise(zone)) => {
                cp >= self.treatise_cost(power)
                    && zone == LanguageZone::English
                    && self.reformer_state(Reformer::Cranmer) == ReformerState::OnMap
            }
            (Power::Protestant, Action::TranslateScripture(zone)) => cp >= cost::TRANSLATE && can_translate(self, zone),
            (Power::Papacy, Action::BurnBooks(_)) => cp >= cost::BURN_BOOKS,
            (Power::Papacy, Action::BuildStPeters) => {
                cp >= cost::ST_PETERS && self.st_peters_vp() < crate::rules::peace::ST_PETERS_MAX_VP
            }
            (Power::Papacy, Action::FoundUniversity) => cp >= cost::UNIVERSITY && self.university_possible(),
            (Power::Papacy, Action::CommitDebater(Debater::Loyola)) => {
                cp >= cost::UNIVERSITY_LOYOLA
                    && can_lend_bonus(self, power, Debater::Loyola)
                    && self.university_possible()
            }
            (Power::Protestant, Action::CommitDebater(debater)) => self.translation_bonus(debater),
            _ => false,
        }
    }

    /// Whether a Jesuit university can be founded: after Society of Jesus,
    /// with a Catholic space without one (§18.1).
    fn university_possible(&self) -> bool {
        jesuits_founded(self) && !university_sites(self).is_empty()
    }

    /// Whether `debater` can give the Protestant his free translation box
    /// now (§18.1): his zone has a box left, 1 CP was spent translating it
    /// this impulse, and he can lend his bonus.
    fn translation_bonus(&self, debater: Debater) -> bool {
        translation_zone(debater).is_some_and(|zone| {
            self.translated_this_impulse.contains(zone)
                && can_translate(self, zone)
                && can_lend_bonus(self, Power::Protestant, debater)
        })
    }

    /// Applies a religious action of the Spend frame.
    pub(crate) fn apply_religious_spend(&mut self, power: Power, action: Action, log: &mut dyn Log) {
        match action {
            Action::PublishTreatise(zone) => {
                self.pay(self.treatise_cost(power));
                self.publish_treatise(power, zone);
            }
            Action::BurnBooks(zone) => {
                self.pay(cost::BURN_BOOKS);
                let kind = AttemptKind::CounterReformation;
                self.begin_attempts(Series::new(power, kind, Source::BurnBooks, Some(zone), ACTION_ATTEMPTS));
            }
            Action::TranslateScripture(zone) => {
                self.translated_this_impulse.insert(zone);
                if let Some(Frame::Spend { cp, .. }) = self.stack.top_mut() {
                    *cp = cp.saturating_sub(cost::TRANSLATE);
                }
                let completed = self.translate(zone, log);
                // The Spend frame stays at 0 CP while a translation debater
                // can still add his free box (§18.1).
                let open = Debater::ALL.into_iter().any(|d| self.translation_bonus(d));
                self.end_spend_if_spent(open);
                if let Some(series) = completed {
                    self.begin_attempts(series);
                }
            }
            Action::CommitDebater(Debater::Loyola) => {
                self.commit_debater(power, Debater::Loyola, log);
                self.pay(cost::UNIVERSITY_LOYOLA);
                self.begin_place_universities(1);
            }
            Action::CommitDebater(debater) => {
                let Some(zone) = translation_zone(debater) else { return };
                self.commit_debater(power, debater, log);
                let completed = self.translate(zone, log);
                self.end_spend_if_spent(false);
                if let Some(series) = completed {
                    self.begin_attempts(series);
                }
            }
            Action::BuildStPeters => {
                self.add_st_peters_cp(cost::ST_PETERS, log);
                self.pay(cost::ST_PETERS);
            }
            Action::FoundUniversity => {
                self.pay(cost::UNIVERSITY);
                self.begin_place_universities(1);
            }
            _ => {}
        }
    }

    /// Pops the Spend frame on top if its CP are spent, unless `keep`.
    fn end_spend_if_spent(&mut self, keep: bool) {
        if matches!(self.stack.top(), Some(Frame::Spend { cp: 0, .. })) && !keep {
            self.stack.pop();
        }
    }

    /// One box on `zone`'s translation tracks (§18.1): the New Testament,
    /// then the Full Bible. A completed track gives 6 reformation attempts
    /// in the zone (the Full Bible's with +1 per die, and +1 VP): the series
    /// returned, for the caller to begin.
    fn translate(&mut self, zone: LanguageZone, log: &mut dyn Log) -> Option<Series> {
        let i = zone.index();
        let protestant = |source_plus_one: bool| {
            let series = Series::new(
                Power::Protestant,
                AttemptKind::Reformation,
                Source::Translation,
                Some(zone),
                TRANSLATION_ATTEMPTS,
            );
            if source_plus_one { series.with_plus_one() } else { series }
        };
        let completed = if self.new_testament[i] < NEW_TESTAMENT_BOXES {
            self.new_testament[i] += 1;
            (self.new_testament[i] == NEW_TESTAMENT_BOXES).then(|| protestant(false))
        } else if self.full_bible[i] < FULL_BIBLE_BOXES {
            self.full_bible[i] += 1;
            let done = self.full_bible[i] == FULL_BIBLE_BOXES;
            if done {
                let vp = &mut self.bonus_vp[Power::Protestant.index()];
                *vp = vp.saturating_add(1);
            }
            done.then(|| protestant(true))
        } else {
            None
        };
        log.event(Event::ScriptureTranslated {
            zone,
            new_testament: self.new_testament[i],
            full_bible: self.full_bible[i],
        });
        completed
    }

    // --- Jesuit universities placed one by one ---------------------------------

    /// The Papacy places `count` Jesuit universities, one Catholic space
    /// without one at a time (§18.1): Found Jesuit University, and the card
    /// events Society of Jesus (#15, 2) and Jesuit Education (#55, 2).
    pub(crate) fn begin_place_universities(&mut self, count: u8) {
        if count > 0 && !university_sites(self).is_empty() {
            self.stack.push(Frame::Universities { left: count });
        }
    }

    pub(crate) fn university_actions(&self, list: &mut ActionList) {
        list.extend(university_sites(self).iter().map(Action::PlaceUniversity));
    }

    pub(crate) fn apply_university(&mut self, left: u8, action: Action, log: &mut dyn Log) {
        self.stack.pop();
        if let Action::PlaceUniversity(space) = action {
            self.jesuit_universities.insert(space);
            log.event(Event::UniversityFounded(space));
        }
        self.begin_place_universities(left.saturating_sub(1));
    }

    // --- Luther's 95 Theses (§18.1), phase 1 of turn 1 ------------------------------

    /// Luther's 95 Theses (§18.1, §8.1): the card leaves the game; Luther
    /// enters Wittenberg, which turns Protestant (its 2 regulars come off the
    /// Electorate Display); then 5 reformation attempts in the German zone,
    /// each with +1 die. No CP. Returns `false` once it has been played.
    pub(crate) fn begin_luthers_theses(&mut self, log: &mut dyn Log) -> bool {
        let card = Card::Luthers95Theses;
        if self.removed.contains(card) {
            return false;
        }
        self.take_card_out(card);
        self.removed.insert(card);
        self.clear_impulse_marks();
        self.reformers[Reformer::Luther.index()] = ReformerState::OnMap;
        log.event(Event::ReformerPlaced(Reformer::Luther));
        self.change_religion(Reformer::Luther.space(), Religion::Protestant, log);
        let kind = AttemptKind::Reformation;
        let mut series =
            Series::new(Power::Protestant, kind, Source::Theses, Some(LanguageZone::German), THESES_ATTEMPTS);
        series.theses = true;
        self.begin_attempts(series);
        true
    }

    /// Clears what holds for one impulse only (§18.2, §18.3): targets,
    /// debater bonuses, translations.
    pub(crate) fn clear_impulse_marks(&mut self) {
        self.targeted_this_impulse = crate::sets::EnumSet::EMPTY;
        self.debater_bonus_used = crate::sets::EnumSet::EMPTY;
        self.translated_this_impulse = crate::sets::EnumSet::EMPTY;
        self.debate_extra_dice = 0;
    }
}
