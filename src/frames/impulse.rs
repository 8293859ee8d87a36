//! The action phase (§11): impulses, card play, passing, spending CP; and the
//! card draw phase that fills the hands (§8, §6.2).

use crate::action::Action;
use crate::data::cards::Entry;
use crate::data::powers;
use crate::engine::{ActionList, Log, impulse_powers};
use crate::event::Event;
use crate::frames::Frame;
use crate::frames::responses::Moment;
use crate::game::{Game, LandUnits, NavalLocation, NavalUnits, ReformerState};
use crate::rules::{cards_dealt, construction, debate, loc};
use crate::sets::EnumSet;
use crate::types::{Card, CardKind, Faction, LandUnitKind, LanguageZone, Phase, Power, Reformer, Religion, Space};

/// Whether `card` may be in the deck now (§6.1 with the honesty rule of the
/// README): a mandatory event must be played as an event, so until its
/// event is built (`events::event_built`) it stays out of the
/// game.
pub(crate) fn card_in_use(card: Card) -> bool {
    card.kind() != CardKind::Mandatory || crate::events::event_built(card)
}

/// CP costs of the actions built so far, the same for every power (§11.2).
pub(crate) mod cost {
    pub const MOVE_CLEAR: u8 = 1;
    pub const MOVE_PASS: u8 = 2;
    pub const RAISE_REGULAR: u8 = 2;
    pub const BUY_MERCENARY: u8 = 1;
    pub const RAISE_CAVALRY: u8 = 1;
    pub const BUILD_SQUADRON: u8 = 2;
    pub const BUILD_CORSAIR: u8 = 1;
    pub const CONTROL: u8 = 1;
}

impl Game {
    /// The card draw phase (§8): naval units back from the turn track,
    /// debaters arriving, new cards, the deal.
    pub(crate) fn card_draw_phase(&mut self, log: &mut dyn Log) {
        self.naval_turn_track = [NavalUnits::NONE; Faction::COUNT];
        for debater in crate::types::Debater::ALL {
            if debater.entry_turn() == Some(self.turn)
                && self.debater_state(debater) == crate::game::DebaterState::NotArrived
            {
                self.debaters[debater.index()] = crate::game::DebaterState::Uncommitted;
            }
        }
        self.reformer_arrivals(log);
        self.english_card_draw(log);
        self.add_new_cards(log);
        // New World riches, then the deal (§8, §20.4).
        self.new_world_riches(log);
        self.deal(log);
        // The "-1 card" markers (Fuggers, #79) stay until this deal.
        self.card_penalties = [0; Power::COUNT];
        // Arriving leaders may wait for their owners' choices; the
        // diplomacy phase goes on after them.
        self.leader_arrivals();
        // The two-player diplomacy phase's cursor (`frames::dip_deck`).
        if self.scenario() == crate::game::Scenario::TwoPlayer {
            self.impulse_index = 0;
        }
        self.enter_phase(Phase::Diplomacy, log);
    }

    /// Reformers at the card draw (§8 step 2): a reformer who was away
    /// (excommunicated, §21.5) comes back without converting his space
    /// again; Zwingli arrives in Zurich on turn 2, Calvin in Geneva on turn
    /// 4, each turning his space Protestant. (Luther comes with Luther's
    /// 95 Theses, `frames::reformation`; Cranmer after Anne Boleyn, at
    /// England's part of the draw, `Game::english_card_draw`.)
    fn reformer_arrivals(&mut self, log: &mut dyn Log) {
        for reformer in Reformer::ALL {
            if self.reformer_state(reformer) == ReformerState::Away {
                self.reformers[reformer.index()] = ReformerState::OnMap;
            }
        }
        for (reformer, turn) in [(Reformer::Zwingli, 2), (Reformer::Calvin, 4)] {
            let space = reformer.space();
            if self.reformer_state(reformer) == ReformerState::NotArrived && self.turn >= turn {
                self.reformers[reformer.index()] = ReformerState::OnMap;
                if self.religion(space) == Religion::Catholic {
                    self.put_religion(space, Religion::Protestant);
                    log.event(Event::ReligionChanged { space, religion: Religion::Protestant });
                }
            }
        }
    }

    /// §6.2: the discard pile and the undealt cards make the new deck, with
    /// the cards whose entry turn is this turn (from turn 3). The cards of
    /// `Entry::TurnIf` (#19, #21, #23) enter by England's succession
    /// (`rules::england::english_cards_due`, at `Game::english_card_draw`),
    /// and the two-player deck's `Entry::Variable` cards by
    /// `frames::dip_deck`.
    fn add_new_cards(&mut self, log: &mut dyn Log) {
        self.deck = self.deck.union(self.discard);
        self.discard = EnumSet::EMPTY;
        let scenario = self.scenario();
        for card in Card::ALL {
            let excluded = crate::rules::events::excluded_from(card, scenario);
            if card.entry() == Entry::Turn(self.turn)
                && self.turn >= 3
                && card.is_main_deck()
                && card.kind() != CardKind::Home
                && !excluded
                && self.card_is_out(card)
            {
                self.deck.insert(card);
                log.event(Event::CardAdded(card));
            }
        }
        // Cards that may not be in use yet leave the deck (§6.1, README).
        for card in self.deck {
            if !card_in_use(card) {
                self.deck.remove(card);
            }
        }
    }

    /// Whether `card` is in no hand and no pile: not in the game.
    fn card_is_out(&self, card: Card) -> bool {
        !self.deck.contains(card)
            && !self.discard.contains(card)
            && !self.removed.contains(card)
            && self.hands.iter().all(|h| !h.contains(card))
    }

    /// The deal (§6.2): each power draws `rules::cards_dealt` cards at random,
    /// and its home cards come back to its hand.
    fn deal(&mut self, log: &mut dyn Log) {
        for &power in impulse_powers(self.scenario()) {
            let count = cards_dealt::cards_dealt(self, power);
            let mut dealt = 0;
            for _ in 0..count {
                if self.deck.is_empty() {
                    break;
                }
                let pick = self.random_below(self.deck.len());
                if let Some(card) = self.deck.nth(pick) {
                    self.deck.remove(card);
                    self.hands[power.index()].insert(card);
                    dealt += 1;
                }
            }
            // A home card out of the game stays out (§6.1).
            let home = |c: &Card| c.kind() == CardKind::Home && c.owner() == Some(power) && !self.removed.contains(*c);
            for card in Card::ALL.into_iter().filter(home) {
                self.hands[power.index()].insert(card);
            }
            log.event(Event::CardsDealt { power, count: dealt });
        }
    }

    /// The next impulse, or the end of the action phase after a pass by
    /// every power in a row (§11.1).
    pub(crate) fn next_impulse(&mut self, log: &mut dyn Log) {
        if self.mary_debate(log) || self.two_player_mary(log) {
            return;
        }
        self.clear_impulse_marks();
        self.naval_beaten = Default::default();
        self.war = Default::default();
        let powers = impulse_powers(self.scenario());
        if usize::from(self.passes_in_row) >= powers.len() {
            self.impulse_index = 0;
            self.enter_phase(Phase::Winter, log);
            return;
        }
        let power = powers[usize::from(self.impulse_index) % powers.len()];
        self.impulse_index = ((usize::from(self.impulse_index) + 1) % powers.len()) as u8;
        // Halley's Comet (#38): the impulse is skipped, and that is not a
        // pass. The phase ends once every power has passed in succession
        // (§11.1): the skipped power has not, and its next chance comes
        // after every other power's next impulse, so the run starts again.
        if self.skip_impulse.contains(power) {
            self.skip_impulse.remove(power);
            self.passes_in_row = 0;
            log.event(Event::ImpulseSkipped(power));
            return;
        }
        // Cards usable at any time may be played as the impulse begins.
        self.announce(power, Moment::Impulse, log);
    }

    /// A naval transport from `from` begins (§16.3), after its window.
    pub(crate) fn begin_transport(&mut self, power: Power, from: Space) {
        let (units, leaders, minors) = (LandUnits::NONE, EnumSet::EMPTY, crate::rules::battle::NO_MINORS);
        self.stack.push(Frame::Transport { power, from, at: None, units, leaders, legs: 0, minors });
    }

    /// Whether `power` may pass (§11.1): not with its home card unplayed, a
    /// mandatory event in hand, or more cards than its ruler's admin rating.
    pub fn may_pass(&self, power: Power) -> bool {
        let hand = self.hand(power);
        let holds = |kind| hand.iter().any(|c: Card| c.kind() == kind);
        !holds(CardKind::Home) && !holds(CardKind::Mandatory) && hand.len() <= usize::from(self.ruler(power).admin())
    }

    pub(crate) fn impulse_actions(&self, power: Power, list: &mut ActionList) {
        for card in self.hand(power) {
            if card.kind() != CardKind::Mandatory && card.kind() != CardKind::Diplomacy {
                list.push(Action::PlayCp(card));
            }
            if self.can_play_event(power, card) {
                list.push(Action::PlayEvent(card));
            }
        }
        if self.may_pass(power) {
            list.push(Action::Pass);
        }
    }

    /// Whether `action` is one of `impulse_actions`, without listing (the
    /// playout tests hold the two to the same answers): only the named
    /// card's event is checked.
    pub(crate) fn impulse_action_legal(&self, power: Power, action: Action) -> bool {
        match action {
            Action::PlayCp(card) => {
                self.hand(power).contains(card)
                    && card.kind() != CardKind::Mandatory
                    && card.kind() != CardKind::Diplomacy
            }
            Action::PlayEvent(card) => self.hand(power).contains(card) && self.can_play_event(power, card),
            Action::Pass => self.may_pass(power),
            _ => false,
        }
    }

    pub(crate) fn apply_impulse(&mut self, power: Power, action: Action, log: &mut dyn Log) {
        self.stack.pop();
        if let Action::PlayCp(card) | Action::PlayEvent(card) = action {
            if power == Power::England && self.mary_takes_card(card, log) {
                return;
            }
            // Two-player Mary I: the Papacy's roll once this impulse is over (§24.3).
            self.succession.mary_roll_due =
                power == Power::Protestant && crate::rules::england::two_player_mary_applies(self);
        }
        match action {
            Action::Pass => {
                self.passes_in_row += 1;
                log.event(Event::Passed(power));
                if power == Power::England {
                    self.english_pass(log);
                }
            }
            Action::PlayCp(card) => self.play_cp(power, card, log),
            Action::PlayEvent(card) => self.play_event(power, card, log),
            _ => {}
        }
    }

    /// `power` plays `card` from its hand for its CP (§11.1): the card goes
    /// to the power card (home cards) or the discard pile (§6.2), and its CP
    /// are spent.
    pub(crate) fn play_cp(&mut self, power: Power, card: Card, log: &mut dyn Log) {
        self.passes_in_row = 0;
        self.hands[power.index()].remove(card);
        // Home cards go to the power card, others to the discard pile (§6.2).
        if card.kind() != CardKind::Home {
            self.discard.insert(card);
        }
        log.event(Event::CardPlayedForCp { power, card, cp: card.cp() });
        if card.cp() > 0 {
            self.stack.push(Frame::spend(power, card.cp(), None));
        }
    }

    /// What `power` may spend its `cp` on (§11.1), pushed verb by verb in
    /// index order so that the listing needs no sort.
    pub(crate) fn spend_actions(&self, power: Power, cp: u8, abandoned: EnumSet<Space>, list: &mut ActionList) {
        self.open_spend_actions(power, cp, abandoned, list);
        // CP an event gives for limited uses (Scots Raid, #97).
        self.limit_spend_actions(power, cp, list);
    }

    /// The impulse's spend actions, before an event's limit.
    fn open_spend_actions(&self, power: Power, cp: u8, abandoned: EnumSet<Space>, list: &mut ActionList) {
        list.push(Action::Done);
        let foul = self.war.foul_weather;
        if !foul && crate::rules::naval::can_naval_move(self, power) {
            list.push(Action::NavalMove);
        }
        self.religious_spend_units(power, cp, list);
        self.new_world_spend_actions(power, cp, list);
        let military = power != Power::Protestant || self.schmalkaldic_league();
        if military {
            let moved = if foul { self.war.entered } else { EnumSet::EMPTY };
            let origins = self.formation_origins(power, cp).difference(abandoned).difference(moved);
            list.extend(origins.iter().map(Action::MoveFrom));
        }
        self.construction_actions(power, cp, list);
        if cp >= cost::CONTROL {
            let around = loc::Surroundings::of(self, power);
            let control =
                self.control_candidates(power).iter().filter(|&s| loc::can_control_among(self, power, s, &around));
            list.extend(control.map(Action::Control));
            let unrest = self.unrest().iter().filter(|&s| loc::can_remove_unrest_among(self, power, s, &around));
            list.extend(unrest.map(Action::RemoveUnrest));
        }
        self.religious_spend_objects(power, cp, list);
        if cp >= debate::DEBATE_CP {
            let zones = LanguageZone::ALL.into_iter().filter(|z| debate::DEBATE_ZONES.contains(z));
            list.extend(zones.filter(|&z| debate::can_call_debate(self, power, z)).map(Action::CallDebate));
        }
        // Foul Weather (#31): no transport, piracy or assault this impulse.
        if !foul {
            if military {
                list.extend(self.transport_origins(power, cp).iter().map(Action::TransportFrom));
            }
            if power == Power::Ottoman && cp >= crate::rules::piracy::PIRACY_COST {
                list.extend(crate::rules::piracy::piracy_zones(self).iter().map(Action::Piracy));
            }
            self.assault_actions(power, cp, list);
        }
        // §21.7: a foreign war is no assault; Foul Weather leaves it (ruling FW4).
        crate::events::foreign_wars::fight_actions(self, power, cp, list);
    }

    /// Foul Weather (#31): units in a space the power's formations entered
    /// this impulse have moved their one space (ruling E8).
    fn moved_in_foul_weather(&self, from: Space) -> bool {
        self.war.foul_weather && self.war.entered.contains(from)
    }

    /// The raising, buying and building `power` may pay for with `cp`
    /// (§17), each verb's spaces in order.
    fn construction_actions(&self, power: Power, cp: u8, list: &mut ActionList) {
        let mut sites = [EnumSet::EMPTY; 5];
        let mut fits = construction::FitsCache::default();
        let enemies = self.enemy_spaces(power);
        for space in Space::ALL {
            let Some(faction) = self.builder_faction(power, space) else {
                continue;
            };
            let site = construction::may_raise_any_among(self, power, faction, space, enemies);
            let here = if site { self.land_units(space, faction) } else { LandUnits::NONE };
            let mut raise =
                |kind| site && powers::fields(faction, kind) && fits.one_more(self, faction, space, here, kind);
            sites[0].set(space, cp >= cost::RAISE_REGULAR && raise(LandUnitKind::Regular));
            sites[1].set(space, cp >= cost::BUY_MERCENARY && raise(LandUnitKind::Mercenary));
            sites[2].set(space, cp >= cost::RAISE_CAVALRY && raise(LandUnitKind::Cavalry));
            let squadron = construction::can_build_squadron_among(self, power, faction, space, enemies);
            sites[3].set(space, cp >= cost::BUILD_SQUADRON && squadron);
            let corsair = construction::can_build_corsair_among(self, power, space, enemies);
            sites[4].set(space, cp >= cost::BUILD_CORSAIR && corsair);
        }
        let verbs: [fn(Space) -> Action; 5] = [
            Action::RaiseRegular,
            Action::BuyMercenary,
            Action::RaiseCavalry,
            Action::BuildSquadron,
            Action::BuildCorsair,
        ];
        for (verb, spaces) in verbs.into_iter().zip(sites) {
            list.extend(spaces.iter().map(verb));
        }
    }

    /// Whether `action` is among [`Game::spend_actions`], checked alone.
    pub(crate) fn spend_action_legal(&self, power: Power, cp: u8, abandoned: EnumSet<Space>, action: Action) -> bool {
        let open = self.open_spend_action_legal(power, cp, abandoned, action);
        self.limited_spend_legal(power, cp, action, open)
    }

    /// Whether `action` is among the impulse's own spend actions.
    fn open_spend_action_legal(&self, power: Power, cp: u8, abandoned: EnumSet<Space>, action: Action) -> bool {
        let own = Faction::from(power);
        let raise = |space: Space, kind: LandUnitKind, cost: u8| {
            cp >= cost
                && self
                    .builder_faction(power, space)
                    .is_some_and(|f| construction::can_raise(self, power, f, kind, space))
        };
        match action {
            Action::Done => true,
            Action::MoveFrom(from) => {
                let military = power != Power::Protestant || self.schmalkaldic_league();
                // §22.3: an allied minor's stack is an origin too.
                let factions = self.own_factions(power);
                let candidate = self
                    .land_stack_tuples()
                    .any(|(s, f, units, besieged)| s == from && factions.contains(f) && !besieged && !units.is_empty())
                    || self.army_leaders_at(from, own).next().is_some();
                military
                    && candidate
                    && !abandoned.contains(from)
                    && !self.moved_in_foul_weather(from)
                    && self.is_formation_origin(power, cp, from)
            }
            Action::NavalMove => !self.war.foul_weather && crate::rules::naval::can_naval_move(self, power),
            Action::TransportFrom(space) => {
                let military = power != Power::Protestant || self.schmalkaldic_league();
                military && !self.war.foul_weather && self.transport_origins(power, cp).contains(space)
            }
            Action::Piracy(zone) => {
                !self.war.foul_weather
                    && power == Power::Ottoman
                    && cp >= crate::rules::piracy::PIRACY_COST
                    && crate::rules::piracy::may_pirate(self, zone)
            }
            Action::Assault(space) => !self.war.foul_weather && self.assault_legal(power, cp, space),
            Action::Control(space) => cp >= cost::CONTROL && loc::can_control(self, power, space),
            Action::RemoveUnrest(space) => cp >= cost::CONTROL && loc::can_remove_unrest(self, power, space),
            Action::RaiseRegular(space) => raise(space, LandUnitKind::Regular, cost::RAISE_REGULAR),
            Action::BuyMercenary(space) => raise(space, LandUnitKind::Mercenary, cost::BUY_MERCENARY),
            Action::RaiseCavalry(space) => raise(space, LandUnitKind::Cavalry, cost::RAISE_CAVALRY),
            Action::BuildSquadron(space) => {
                cp >= cost::BUILD_SQUADRON
                    && self
                        .builder_faction(power, space)
                        .is_some_and(|f| construction::can_build_squadron(self, power, f, space))
            }
            Action::BuildCorsair(space) => {
                cp >= cost::BUILD_CORSAIR && construction::can_build_corsair(self, power, space)
            }
            Action::PublishTreatise(_)
            | Action::TranslateScripture(_)
            | Action::BurnBooks(_)
            | Action::BuildStPeters
            | Action::FoundUniversity
            | Action::CommitDebater(_) => self.religious_spend_legal(power, cp, action),
            Action::CallDebate(zone) => cp >= debate::DEBATE_CP && debate::can_call_debate(self, power, zone),
            Action::Colonize | Action::Explore | Action::Conquer => self.new_world_spend_legal(power, cp, action),
            Action::FightForeignWar(war) => crate::events::foreign_wars::fight_legal(self, power, cp, war),
            _ => false,
        }
    }

    /// The spaces `power` might control (§12.2 needs its land units in the
    /// space or next to it): its stacks' spaces and their clear neighbours.
    fn control_candidates(&self, power: Power) -> EnumSet<Space> {
        let own = Faction::from(power);
        let mut near = EnumSet::EMPTY;
        for (space, faction, units, _) in self.land_stack_tuples() {
            if faction == own && !units.is_empty() {
                near.insert(space);
                near.extend(space.connections().iter().copied());
            }
        }
        near
    }

    /// Whose units `power` builds in `space`: its own in its home spaces, an
    /// allied minor's in that minor's home spaces (§17).
    pub(crate) fn builder_faction(&self, power: Power, space: Space) -> Option<Faction> {
        let home = space.home();
        if home == Faction::from(power) || (home.minor().is_some() && self.allied(power, home)) {
            Some(home)
        } else if power == Power::Ottoman && self.pirate_havens.contains(space) {
            // A pirate haven builds Ottoman corsairs (#89, §17).
            Some(Faction::Ottoman)
        } else {
            None
        }
    }

    pub(crate) fn apply_spend(&mut self, power: Power, action: Action, log: &mut dyn Log) {
        let spent = match action {
            Action::Done if self.is_acting() => {
                self.end_acting(true);
                return;
            }
            Action::Done => {
                self.stack.pop();
                return;
            }
            Action::ActFor(invader) => {
                self.begin_acting(invader, log);
                return;
            }
            Action::NavalMove => {
                self.announce(power, Moment::NavalMove, log);
                return;
            }
            Action::PublishTreatise(_)
            | Action::TranslateScripture(_)
            | Action::BurnBooks(_)
            | Action::BuildStPeters
            | Action::FoundUniversity
            | Action::CommitDebater(_) => {
                self.apply_religious_spend(power, action, log);
                return;
            }
            Action::CallDebate(zone) => {
                // CP first: the debate's frames go above the Spend frame.
                self.pay(debate::DEBATE_CP);
                self.begin_debate(power, zone, log);
                return;
            }
            Action::TransportFrom(from) => {
                self.announce(power, Moment::Transport { from }, log);
                return;
            }
            Action::Piracy(zone) => {
                self.announce(power, Moment::Piracy { zone }, log);
                return;
            }
            Action::Assault(space) => {
                self.announce(power, Moment::Assault { space }, log);
                return;
            }
            Action::FightForeignWar(war) => {
                // CP first: the battle's decisions go above the Spend frame.
                self.pay(crate::rules::foreign_war::FIGHT_COST);
                crate::events::foreign_wars::fight(self, war, log);
                return;
            }
            Action::MoveFrom(from) => {
                let leaders = EnumSet::EMPTY;
                let minors = crate::rules::battle::NO_MINORS;
                self.stack.push(Frame::Formation { power, from, units: LandUnits::NONE, leaders, minors });
                return;
            }
            Action::Control(space) => {
                let from = self.controller(space);
                // Control returns to the home power when it retakes its own space (§12.2).
                self.put_control(space, Faction::from(power));
                log.event(Event::ControlChanged { space, from, to: Faction::from(power) });
                // §12.2: the ships in a port taken retreat (their choice on top).
                self.pay(cost::CONTROL);
                self.port_taken(power, space, log);
                return;
            }
            Action::Colonize | Action::Explore | Action::Conquer => self.apply_new_world_spend(power, action, log),
            Action::RemoveUnrest(space) => {
                self.put_unrest(space, false);
                log.event(Event::UnrestRemoved(space));
                cost::CONTROL
            }
            Action::RaiseRegular(space) => self.raise(power, space, LandUnitKind::Regular, log),
            Action::BuyMercenary(space) => self.raise(power, space, LandUnitKind::Mercenary, log),
            Action::RaiseCavalry(space) => self.raise(power, space, LandUnitKind::Cavalry, log),
            Action::BuildSquadron(space) => {
                let faction = self.builder_faction(power, space).unwrap_or(Faction::from(power));
                let here = NavalLocation::Port(space);
                let mut units = self.naval_units(here, faction);
                units.squadrons += 1;
                // Legal-action checks guarantee a free counter and a port.
                let _ = self.set_naval_units(here, faction, units);
                log.event(Event::SquadronBuilt { faction, space });
                cost::BUILD_SQUADRON
            }
            Action::BuildCorsair(space) => {
                let here = NavalLocation::Port(space);
                let mut units = self.naval_units(here, Faction::Ottoman);
                units.corsairs += 1;
                // Legal-action checks guarantee a free counter and a port.
                let _ = self.set_naval_units(here, Faction::Ottoman, units);
                log.event(Event::CorsairBuilt(space));
                cost::BUILD_CORSAIR
            }
            _ => 0,
        };
        self.pay(spent);
    }

    /// Pays `cp` from the `Spend` frame on top; ends the impulse at 0 CP,
    /// but while the Ottoman's free assault of Roxelana (#42) is unused.
    pub(crate) fn pay(&mut self, cp: u8) {
        let roxelana = self.war.roxelana;
        if let Some(Frame::Spend { cp: left, power, .. }) = self.stack.top_mut() {
            *left = left.saturating_sub(cp);
            if *left == 0 && !(roxelana && *power == Power::Ottoman) {
                self.stack.pop();
            }
        }
    }

    fn raise(&mut self, power: Power, space: Space, kind: LandUnitKind, log: &mut dyn Log) -> u8 {
        let faction = self.builder_faction(power, space).unwrap_or(Faction::from(power));
        let cp = match kind {
            LandUnitKind::Regular => cost::RAISE_REGULAR,
            LandUnitKind::Mercenary => cost::BUY_MERCENARY,
            LandUnitKind::Cavalry => cost::RAISE_CAVALRY,
        };
        // #92, #93, #110: a power short on a foreign war card builds there.
        if faction == Faction::from(power) && crate::events::foreign_wars::build_on_card(self, power, kind, log) {
            return cp;
        }
        let index = self.land_stacks_slice().iter().position(|s| s.space == space && s.faction == faction);
        let units = self.land_units(space, faction).plus_one(kind);
        let besieged = self.is_besieged(space, faction);
        self.write_land_stack(index, space, faction, units, besieged);
        log.event(Event::UnitRaised { faction, kind, space });
        cp
    }
}
