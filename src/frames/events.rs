//! Playing cards as events (§6.1, §6.2, §11.1), the winter's forced
//! mandatory events (§19 step 8), and the events built so far.
//!
//! How to add an event: write its procedure as a method here (or in its own
//! file), add one arm to [`Game::resolve_event`] and its card to
//! [`event_implemented`]; if its removal is conditional, one arm to
//! `Game::removed_after_event`; if it may be played only under a condition,
//! one arm to `rules::events::event_condition`. An event that needs decisions
//! pushes its frames: they sit above the 2 CP of a mandatory event and are
//! decided first.

use crate::action::Action;
use crate::data::cards::Removal;
use crate::engine::{Log, impulse_powers};
use crate::event::Event;
use crate::frames::Frame;
use crate::frames::reformation::{Series, Source};
use crate::game::{DebaterState, Game, LandUnits, LeaderLocation, NavalLocation, NavalUnits, ReformerState, Scenario};
use crate::rules::construction;
use crate::rules::events as rules;
use crate::rules::minor::{LandMove, apply_land_move};
use crate::rules::paths::{self, Metric};
use crate::rules::religion::AttemptKind;
use crate::sets::EnumSet;
use crate::types::{Card, CardKind, Debater, Faction, Leader, Power, Reformer, Religion, Ruler, Space, SpaceKind};

/// The CP a mandatory event gives after it resolves (§6.1), but Luther's 95
/// Theses (#8), which gives none.
pub(crate) const MANDATORY_CP: u8 = 2;

/// Whether the engine can play `card`'s event: exactly the cards listed here.
pub(crate) fn event_implemented(card: Card) -> bool {
    matches!(
        card,
        Card::PapalBull
            | Card::BarbaryPirates
            | Card::ClementVii
            | Card::MasterOfItaly
            | Card::SchmalkaldicLeague
            | Card::PaulIii
            | Card::Calvin
            | Card::Dragut
            | Card::HenryIi
            | Card::JuliusIii
            | Card::ImperialCoronation
            | Card::LaForetsEmbassyInIstanbul
            | Card::DefenderOfTheFaith
            | Card::SocietyOfJesus
            | Card::CouncilOfTrent
            | Card::SixWivesOfHenryViii
            | Card::EdwardVi
            | Card::MaryI
            | Card::ElizabethI
            // Combat cards, played only in battle (`frames::combat_cards`).
            | Card::Arquebusiers
            | Card::FieldArtillery
            | Card::MercenariesBribed
            | Card::MercenariesGrowRestless
            | Card::SiegeMining
            | Card::SurpriseAttack
            | Card::Tercios
            | Card::Janissaries
            | Card::PatronOfTheArts
            | Card::HolyRomanEmperor
    )
}

impl Game {
    /// Whether `power` may play `card` from its hand as its event now: in
    /// its impulse (§6.1, §6.2, §11.1), the event is built, the card's kind
    /// and text allow it (`rules::events::event_condition`), and the card
    /// has not been played as an event this turn; in a battle's combat-card
    /// window, the combat cards (and after the roll Janissaries) the window
    /// allows it (`frames::combat_cards`).
    ///
    /// ```
    /// use here_i_stand::{Card, Game, Power, Scenario, Setup};
    ///
    /// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
    /// game.give_card(Power::France, Card::MasterOfItaly)?;
    /// assert!(game.can_play_event(Power::France, Card::MasterOfItaly));
    /// # Ok::<(), here_i_stand::EditError>(())
    /// ```
    pub fn can_play_event(&self, power: Power, card: Card) -> bool {
        // In a battle's combat-card window: that window's cards (§6.1).
        if let Some(allowed) = self.combat_window_allows(power, card) {
            return allowed;
        }
        self.hand(power).contains(card)
            && event_implemented(card)
            && !self.event_played_this_turn(card)
            && rules::event_condition(self, power, card)
    }

    /// Plays `card` from `power`'s hand as its event (§6.1, §6.2): the card
    /// leaves the hand and goes to the power card (home cards), out of the
    /// game (red dagger, or a conditional removal whose condition holds) or
    /// to the discard pile; a mandatory event then gives 2 CP to spend,
    /// below any decision the event itself asks for.
    pub(crate) fn play_event(&mut self, power: Power, card: Card, log: &mut dyn Log) {
        self.passes_in_row = 0;
        self.hands[power.index()].remove(card);
        self.events_played[power.index()].insert(card);
        log.event(Event::CardPlayedAsEvent { power, card });
        if card.kind() != CardKind::Home {
            if self.removed_after_event(power, card) {
                self.removed.insert(card);
            } else {
                self.discard.insert(card);
            }
        }
        if card.kind() == CardKind::Mandatory && card != Card::Luthers95Theses {
            self.stack.push(Frame::Spend { power, cp: MANDATORY_CP, abandoned: EnumSet::EMPTY });
        }
        self.resolve_event(power, card, log);
    }

    /// Whether `card` leaves the game after `power` plays it as an event
    /// now (§6.2): its red dagger, or its printed condition, read before
    /// the event resolves.
    fn removed_after_event(&self, power: Power, card: Card) -> bool {
        if card == Card::MaryI {
            // Played as a sickly Edward VI, Mary I recurs (§21.3).
            return !crate::rules::england::mary_recurs(self);
        }
        match card.removal() {
            Removal::Removed => true,
            Removal::Kept => false,
            Removal::Conditional => match card {
                // Removed once the league has formed (#13).
                Card::SchmalkaldicLeague => rules::league_condition(self),
                // Removed if cards are drawn (#113, #114).
                Card::ImperialCoronation => !rules::imperial_coronation_draws(self, power).is_empty(),
                Card::LaForetsEmbassyInIstanbul => !rules::la_foret_draws(self).is_empty(),
                _ => false,
            },
        }
    }

    /// The event of `card`, played by `power` (or forced in winter, with
    /// `power` the power it concerns): one arm per built event.
    fn resolve_event(&mut self, power: Power, card: Card, log: &mut dyn Log) {
        match card {
            Card::PapalBull => self.stack.push(Frame::PapalBull),
            Card::BarbaryPirates => self.barbary_pirates(log),
            Card::ClementVii => self.new_ruler(Ruler::ClementVii, log),
            Card::MasterOfItaly => self.master_of_italy(log),
            Card::SchmalkaldicLeague => self.schmalkaldic_league_event(log),
            Card::PaulIii => self.new_ruler(Ruler::PaulIii, log),
            Card::Calvin => self.calvin(log),
            Card::Dragut => self.dragut(log),
            Card::HenryIi => self.henry_ii(log),
            Card::JuliusIii => self.new_ruler(Ruler::JuliusIii, log),
            Card::ImperialCoronation => {
                for drawer in rules::imperial_coronation_draws(self, power) {
                    self.draw_from_deck(drawer, log);
                }
            }
            Card::LaForetsEmbassyInIstanbul => {
                for drawer in rules::la_foret_draws(self) {
                    self.draw_from_deck(drawer, log);
                }
            }
            Card::DefenderOfTheFaith => self.defender_of_the_faith(power, log),
            // #15: two universities now; founding them is open from now on
            // (`rules::religion::jesuits_founded` reads the removed card).
            Card::SocietyOfJesus => self.begin_place_universities(2),
            Card::CouncilOfTrent => self.begin_council_of_trent(log),
            Card::SixWivesOfHenryViii => self.stack.push(Frame::SixWives),
            Card::EdwardVi => self.edward_vi_event(log),
            Card::MaryI => self.mary_i_event(log),
            Card::ElizabethI => self.elizabeth_i_event(log),
            Card::Janissaries => self.begin_janissaries(crate::rules::combat_cards::JANISSARIES_REGULARS),
            Card::PatronOfTheArts => self.patron_of_the_arts(log),
            Card::HolyRomanEmperor => self.holy_roman_emperor(),
            _ => {}
        }
    }

    /// §19 step 8: each built mandatory event whose deadline is this turn
    /// and that has not been played (it is still in the deck, the discard
    /// pile or a hand) resolves as if played, with no CP, and leaves the
    /// game. Events asking for decisions push their frames.
    pub(crate) fn forced_mandatory_events(&mut self, log: &mut dyn Log) {
        let scenario = self.scenario();
        let mut in_game = self.deck.union(self.discard);
        for hand in self.hands {
            in_game = in_game.union(hand);
        }
        for card in Card::ALL {
            let due = rules::forced_deadline(card, scenario) == Some(self.turn)
                && event_implemented(card)
                && in_game.contains(card);
            if due {
                self.take_card_out(card);
                self.removed.insert(card);
                log.event(Event::MandatoryEventForced(card));
                self.resolve_event(forced_event_power(card), card, log);
            }
        }
    }

    /// Defender of the Faith (#11): the Papacy makes 3 counter-reformation
    /// attempts in any zones; played by England, England draws a card. The
    /// card is drawn before the attempts, which use no cards (the order
    /// changes nothing a player can see or choose).
    fn defender_of_the_faith(&mut self, power: Power, log: &mut dyn Log) {
        if power == Power::England {
            self.draw_from_deck(Power::England, log);
        }
        let series = Series::new(Power::Papacy, AttemptKind::CounterReformation, Source::Event, None, 3);
        self.begin_attempts(series);
    }

    /// `power` draws the top card of the deck, a random one of it (none if
    /// the deck is empty).
    pub(crate) fn draw_from_deck(&mut self, power: Power, log: &mut dyn Log) {
        if self.deck.is_empty() {
            return;
        }
        let pick = self.random_below(self.deck.len());
        if let Some(card) = self.deck.nth(pick) {
            self.deck.remove(card);
            self.hands[power.index()].insert(card);
            log.event(Event::CardDrawnFromDeck(power));
        }
    }

    /// A ruler card takes its power's throne (§3.3; #10, #14, #16, #20, #22).
    pub(crate) fn new_ruler(&mut self, ruler: Ruler, log: &mut dyn Log) {
        let power = ruler.power();
        self.rulers[power.index()] = ruler;
        log.event(Event::RulerChanged { power, ruler });
    }

    /// Puts `leader` in `space`, or lets `power` choose among `spaces` (a
    /// non-player power of the two-player game takes the first).
    pub(crate) fn place_leader(&mut self, power: Power, leader: Leader, spaces: EnumSet<Space>, log: &mut dyn Log) {
        let chooses = impulse_powers(self.scenario()).contains(&power);
        match spaces.iter().next() {
            None => {}
            Some(space) if spaces.len() == 1 || !chooses => self.put_leader(leader, space, log),
            Some(_) => self.stack.push(Frame::PlaceLeader { power, leader, spaces }),
        }
    }

    fn put_leader(&mut self, leader: Leader, space: Space, log: &mut dyn Log) {
        let to = LeaderLocation::Space(space);
        self.leaders[leader.index()] = to;
        log.event(Event::LeaderPlaced { leader, to });
    }

    pub(crate) fn apply_place_leader(&mut self, leader: Leader, action: Action, log: &mut dyn Log) {
        self.stack.pop();
        if let Action::PlaceAt(space) = action {
            self.put_leader(leader, space, log);
        }
    }

    /// #9 Barbary Pirates (§21.1): Algiers comes into play, Ottoman
    /// controlled, with 2 Ottoman regulars, 2 corsairs and Barbarossa; from
    /// now on the Ottoman builds corsairs and pirates
    /// (`construction::barbary_pirates_played`). Units beyond the counters
    /// are not placed.
    fn barbary_pirates(&mut self, log: &mut dyn Log) {
        let algiers = Space::Algiers;
        if self.in_play(algiers) {
            return;
        }
        self.out_of_play.remove(algiers);
        log.event(Event::SpaceEnteredPlay(algiers));
        let from = self.controller(algiers);
        self.control[algiers as usize] = Faction::Ottoman;
        log.event(Event::ControlChanged { space: algiers, from, to: Faction::Ottoman });
        for regulars in (1..=2).rev() {
            let units = LandUnits::regulars(regulars);
            if self.set_land_units(algiers, Faction::Ottoman, units).is_ok() {
                log.event(Event::LandUnitsPlaced { faction: Faction::Ottoman, space: algiers, units });
                break;
            }
        }
        let corsairs = construction::naval_counters_free(self, Faction::Ottoman).min(2);
        let ships = NavalUnits { squadrons: 0, corsairs };
        if corsairs > 0 && self.set_naval_units(NavalLocation::Port(algiers), Faction::Ottoman, ships).is_ok() {
            log.event(Event::NavalUnitsPlaced { faction: Faction::Ottoman, space: algiers, units: ships });
        }
        if matches!(self.leader_location(Leader::Barbarossa), LeaderLocation::Unavailable) {
            self.put_leader(Leader::Barbarossa, algiers, log);
        }
    }

    /// #12 Master of Italy: 1 bonus VP for 3 of Genoa, Milan, Venice,
    /// Florence and Naples, 2 VP for 4 or 5; a card for exactly 2 (powers
    /// that are dealt no cards, in the two-player game, draw none).
    fn master_of_italy(&mut self, log: &mut dyn Log) {
        for power in Power::ALL {
            let (vp, draws) = rules::master_of_italy_award(rules::italian_keys_held(self, power));
            if vp > 0 {
                self.bonus_vp[power.index()] = self.bonus_vp[power.index()].saturating_add(vp);
                log.event(Event::BonusVp { power, vp });
            }
            if draws && impulse_powers(self.scenario()).contains(&power) {
                self.draw_from_deck(power, log);
            }
        }
    }

    /// #16 Calvin: Luther dies (his reformer and debater leave the game) and
    /// Calvin becomes the Protestant ruler.
    fn calvin(&mut self, log: &mut dyn Log) {
        if self.reformers[Reformer::Luther.index()] != ReformerState::Removed {
            self.reformers[Reformer::Luther.index()] = ReformerState::Removed;
            log.event(Event::ReformerRemoved(Reformer::Luther));
        }
        let debater = &mut self.debaters[Debater::Luther.index()];
        if !matches!(*debater, DebaterState::Removed | DebaterState::Burned | DebaterState::Disgraced) {
            *debater = DebaterState::Removed;
            log.event(Event::DebaterRemoved(Debater::Luther));
        }
        self.new_ruler(Ruler::Calvin, log);
    }

    /// #18 Dragut: Barbarossa dies; Dragut takes his place (port, sea zone,
    /// turn track or captivity). With Barbarossa not in play, Dragut waits
    /// on the turn track and arrives at the next card draw (our ruling).
    fn dragut(&mut self, log: &mut dyn Log) {
        let at = match self.leader_location(Leader::Barbarossa) {
            LeaderLocation::Unavailable | LeaderLocation::Removed => LeaderLocation::TurnTrack,
            at => at,
        };
        self.leaders[Leader::Barbarossa.index()] = LeaderLocation::Removed;
        log.event(Event::LeaderRemoved(Leader::Barbarossa));
        self.leaders[Leader::Dragut.index()] = at;
        log.event(Event::LeaderPlaced { leader: Leader::Dragut, to: at });
    }

    /// #20 Henry II: Francis I dies; Henry II rules France and is placed in
    /// Paris or in Francis's space (France chooses); Francis leaves the game.
    fn henry_ii(&mut self, log: &mut dyn Log) {
        let spaces = rules::henry_ii_spaces(self);
        if self.leader_location(Leader::FrancisI) != LeaderLocation::Removed {
            self.leaders[Leader::FrancisI.index()] = LeaderLocation::Removed;
            log.event(Event::LeaderRemoved(Leader::FrancisI));
        }
        self.new_ruler(Ruler::HenryIi, log);
        self.place_leader(Power::France, Leader::HenryIi, spaces, log);
    }

    /// #13 Schmalkaldic League (§21.6), if its condition holds
    /// (`rules::events::league_condition`).
    fn schmalkaldic_league_event(&mut self, log: &mut dyn Log) {
        if !self.schmalkaldic_league && rules::league_condition(self) {
            self.form_schmalkaldic_league(log);
        }
    }

    /// The League forms (§21.6): the pre-League restrictions end; the
    /// Hapsburg and the Papacy are at war with the Protestant for good (in
    /// the two-player game they become allies); Protestant home spaces that
    /// are Protestant turn Protestant-controlled; Protestant units and army
    /// leaders in Catholic electorates go to the nearest Protestant
    /// electorate; waiting electorate regulars come into play; John
    /// Frederick and Philip of Hesse arrive.
    pub(crate) fn form_schmalkaldic_league(&mut self, log: &mut dyn Log) {
        self.schmalkaldic_league = true;
        log.event(Event::SchmalkaldicLeagueFormed);
        for enemy in [Power::Hapsburg, Power::Papacy] {
            self.alliances.set(enemy.into(), Faction::Protestant, false);
            if !self.at_war(enemy, Power::Protestant) {
                self.wars.set(enemy.into(), Faction::Protestant, true);
                log.event(Event::WarBegan { a: enemy, b: Power::Protestant });
            }
        }
        if self.scenario() == Scenario::TwoPlayer && !self.allied(Power::Hapsburg, Power::Papacy) {
            self.wars.set(Faction::Hapsburg, Faction::Papacy, false);
            self.alliances.set(Faction::Hapsburg, Faction::Papacy, true);
            log.event(Event::AllianceFormed { a: Power::Hapsburg, b: Power::Papacy });
        }
        for space in Space::ALL {
            let convert = space.home() == Faction::Protestant
                && self.in_play(space)
                && self.religion(space) == Religion::Protestant
                && self.controller(space) != Faction::Protestant;
            if convert {
                let from = self.controller(space);
                self.control[space as usize] = Faction::Protestant;
                log.event(Event::ControlChanged { space, from, to: Faction::Protestant });
            }
        }
        self.displace_from_catholic_electorates(log);
        self.place_electorate_regulars(log);
        for leader in [Leader::JohnFrederick, Leader::PhilipOfHesse] {
            if self.leader_location(leader) == LeaderLocation::Unavailable {
                let spaces = rules::league_leader_spaces(self, leader);
                self.place_leader(Power::Protestant, leader, spaces, log);
            }
        }
    }

    /// §21.6: Protestant land units and army leaders in an electorate that
    /// is Catholic go to the nearest electorate Protestant by religion and
    /// control (the first in space order on a tie; with none, the units are
    /// eliminated and the leaders go to the turn track).
    fn displace_from_catholic_electorates(&mut self, log: &mut dyn Log) {
        let own = Faction::Protestant;
        for from in Space::ALL.into_iter().filter(|s| s.kind() == SpaceKind::Electorate) {
            let units = self.land_units(from, own);
            let leaders: EnumSet<Leader> = self.army_leaders_at(from, own).collect();
            if self.religion(from) != Religion::Catholic || (units.is_empty() && leaders.is_empty()) {
                continue;
            }
            let (near, _) = paths::nearest(from, Metric::LandAndSea, |s| {
                s.kind() == SpaceKind::Electorate
                    && self.religion(s) == Religion::Protestant
                    && self.controller(s) == own
            });
            let to: EnumSet<Space> = near.iter().take(1).collect();
            let mut next = self.clone();
            let moved = LandMove { from, faction: own, units, leaders, to };
            if apply_land_move(&mut next, &moved).is_ok() {
                *self = next;
                log.event(Event::LandUnitsDisplaced { faction: own, from, to: to.iter().next(), units });
            }
        }
    }

    /// The electorate regulars waiting on the Electorate Display whose
    /// electorate now lets them in come into play there (§18.7, §21.6).
    pub(crate) fn place_electorate_regulars(&mut self, log: &mut dyn Log) {
        for space in self.electorate_display {
            self.release_electorate_regulars(space, log);
        }
    }
}

/// Papal Bull (#5, §21.5).
impl Game {
    pub(crate) fn papal_bull_actions(&self, list: &mut crate::engine::ActionList) {
        list.extend(rules::excommunicable_reformers(self).iter().map(Action::ExcommunicateReformer));
        list.extend(rules::excommunicable_rulers(self).iter().map(Action::ExcommunicateRuler));
    }

    /// A reformer leaves the map with his debater (committed) until the
    /// next card draw. A ruler's power takes a "-1 card" marker (counted
    /// by `rules::cards_dealt`) until peace with the Papacy or §9.5, and
    /// the Papacy may place up to 2 unrest markers. Each figure only once
    /// per game. (The debate the Papacy may call after a reformer's
    /// excommunication is not built.)
    pub(crate) fn apply_papal_bull(&mut self, action: Action, log: &mut dyn Log) {
        self.stack.pop();
        match action {
            Action::ExcommunicateReformer(reformer) => {
                self.reformers_excommunicated.insert(reformer);
                self.reformers[reformer.index()] = ReformerState::Away;
                let debater = &mut self.debaters[rules::reformer_debater(reformer).index()];
                if *debater == DebaterState::Uncommitted {
                    *debater = DebaterState::Committed;
                }
                log.event(Event::ReformerExcommunicated(reformer));
            }
            Action::ExcommunicateRuler(ruler) => {
                self.excommunicated.insert(ruler);
                self.rulers_excommunicated.insert(ruler);
                log.event(Event::RulerExcommunicated(ruler));
                let target = ruler.power();
                if !rules::bull_unrest_spaces(self, target).is_empty() {
                    self.stack.push(Frame::BullUnrest { target, left: rules::BULL_UNREST });
                }
            }
            _ => {}
        }
    }

    pub(crate) fn bull_unrest_actions(&self, target: Power, list: &mut crate::engine::ActionList) {
        list.push(Action::Done);
        list.extend(rules::bull_unrest_spaces(self, target).iter().map(Action::PlaceUnrest));
    }

    pub(crate) fn apply_bull_unrest(&mut self, target: Power, left: u8, action: Action, log: &mut dyn Log) {
        self.stack.pop();
        if let Action::PlaceUnrest(space) = action {
            self.unrest.insert(space);
            log.event(Event::UnrestPlaced(space));
            let left = left.saturating_sub(1);
            if left > 0 && !rules::bull_unrest_spaces(self, target).is_empty() {
                self.stack.push(Frame::BullUnrest { target, left });
            }
        }
    }
}

/// The power a forced mandatory event is resolved for (§19 step 8): the
/// power its text concerns.
fn forced_event_power(card: Card) -> Power {
    match card {
        Card::BarbaryPirates => Power::Ottoman,
        Card::SchmalkaldicLeague | Card::Calvin => Power::Protestant,
        Card::HenryIi => Power::France,
        Card::EdwardVi | Card::MaryI | Card::ElizabethI => Power::England,
        _ => Power::Papacy,
    }
}
