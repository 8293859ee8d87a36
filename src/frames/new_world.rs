//! The New World in play (§20): the Colonize, Explore and Conquer actions,
//! the New World phase (explorations, then conquests, then colonies), the
//! riches rolled at the card draw, and the editing API of the display.
//! The tables and limits are in `rules::new_world`.

use crate::action::Action;
use crate::edit::EditError;
use crate::engine::{ActionList, Log};
use crate::event::Event;
use crate::frames::Frame;
use crate::game::Game;
use crate::rules::new_world::{
    self as nw, CONQUEST_ORDER, CircumnavigationResult, ConquestResult, ConquistadorAt, ExplorationResult, ExplorerAt,
    Governor, Holding, NEW_WORLD_POWERS, NewWorld, RAIDER_POWERS, Riches, RichesColumn, Voyage, VoyageKind,
};
use crate::types::{Card, Conquest, Conquistador, Discovery, Explorer, Phase, Power};

/// The CP actions of the New World (§20), in index order.
const SPEND: [Action; 3] = [Action::Colonize, Action::Explore, Action::Conquer];

impl Game {
    /// The New World actions `power` may pay for with `cp` (§20.1-§20.3).
    pub(crate) fn new_world_spend_actions(&self, power: Power, cp: u8, list: &mut ActionList) {
        list.extend(SPEND.into_iter().filter(|&a| self.new_world_spend_legal(power, cp, a)));
    }

    /// Whether `action` is a New World action `power` may take with `cp`.
    pub(crate) fn new_world_spend_legal(&self, power: Power, cp: u8, action: Action) -> bool {
        match action {
            Action::Colonize => cp >= nw::colonize_cost(power) && nw::can_colonize(self, power),
            Action::Explore => cp >= nw::EXPLORE_COST && nw::can_explore(self, power),
            Action::Conquer => cp >= nw::CONQUER_COST && nw::can_conquer(self, power),
            _ => false,
        }
    }

    /// Takes a New World action; returns its CP cost.
    pub(crate) fn apply_new_world_spend(&mut self, power: Power, action: Action, log: &mut dyn Log) -> u8 {
        match action {
            Action::Colonize => {
                self.launch_colony(power, log);
                nw::colonize_cost(power)
            }
            Action::Explore => {
                self.launch_exploration(power, false, log);
                nw::EXPLORE_COST
            }
            Action::Conquer => {
                self.launch_conquest(power, false, log);
                nw::CONQUER_COST
            }
            _ => 0,
        }
    }

    /// A colony sets out: into Crossing Atlantic, once per turn (§20.1).
    pub(crate) fn launch_colony(&mut self, power: Power, log: &mut dyn Log) {
        if let Some(side) = self.new_world.side_mut(power) {
            side.crossing = true;
            side.colonized = true;
            log.event(Event::VoyageLaunched { power, voyage: VoyageKind::Colony });
        }
    }

    /// A voyage of exploration sets out (§20.2): the Exploration Underway
    /// marker into Crossing Atlantic, with the +2 of Mercator's Map (#50)
    /// if `plus_two`; it uses the once-per-turn Explore.
    pub(crate) fn launch_exploration(&mut self, power: Power, plus_two: bool, log: &mut dyn Log) {
        if let Some(side) = self.new_world.side_mut(power) {
            side.exploration = Some(Voyage { plus_two });
            side.explored = true;
            log.event(Event::VoyageLaunched { power, voyage: VoyageKind::Exploration });
        }
    }

    /// A voyage of conquest sets out (§20.3): the Hapsburg Conquest
    /// Underway marker, or an English or French Conquest marker from the
    /// pool, into Crossing Atlantic, with the +2 of Smallpox (#101) if
    /// `plus_two`; it uses the once-per-turn Conquer.
    pub(crate) fn launch_conquest(&mut self, power: Power, plus_two: bool, log: &mut dyn Log) {
        if let Some(side) = self.new_world.side_mut(power) {
            side.conquest = Some(Voyage { plus_two });
            side.conquered = true;
            if power != Power::Hapsburg {
                side.conquest_markers = side.conquest_markers.saturating_sub(1);
            }
            log.event(Event::VoyageLaunched { power, voyage: VoyageKind::Conquest });
        }
    }

    /// A random explorer from `power`'s pool (a test's pinned one first).
    fn draw_explorer(&mut self, power: Power) -> Option<Explorer> {
        let nw = &self.new_world;
        let forced = nw.side(power).and_then(|s| s.forced_explorer);
        if let Some(side) = self.new_world.side_mut(power) {
            side.forced_explorer = None;
        }
        if let Some(e) = forced.filter(|e| self.explorer_at(*e) == ExplorerAt::Pool) {
            return Some(e);
        }
        let n = self.new_world.explorer_pool(power).count();
        if n == 0 {
            return None;
        }
        let pick = self.random_below(n);
        self.new_world.explorer_pool(power).nth(pick)
    }

    /// The conquistador of the Hapsburg voyage: one placed underway by an
    /// edit, else a random one from the pool (a test's pinned one first).
    fn draw_conquistador(&mut self) -> Option<Conquistador> {
        if let Some(c) = Conquistador::ALL.into_iter().find(|&c| self.conquistador_at(c) == ConquistadorAt::Underway) {
            return Some(c);
        }
        let forced = self.new_world.forced_conquistador.take();
        if let Some(c) = forced.filter(|c| self.conquistador_at(*c) == ConquistadorAt::Pool) {
            return Some(c);
        }
        let n = self.new_world.conquistador_pool().count();
        if n == 0 {
            return None;
        }
        let pick = self.random_below(n);
        self.new_world.conquistador_pool().nth(pick)
    }

    /// The New World phase (§7 phase 8, §20): each step resolves the next
    /// exploration (best explorer first), then all conquests, then moves
    /// the colonies into their boxes, and ends the phase.
    pub(crate) fn new_world_step(&mut self, log: &mut dyn Log) {
        if nw::in_play(self) {
            self.draw_explorers();
            if let Some(explorer) = self.next_explorer() {
                self.resolve_exploration(explorer, log);
                return;
            }
            self.resolve_conquests(log);
            self.colonies_arrive(log);
            for side in &mut self.new_world.powers {
                side.colonized = false;
                side.explored = false;
                side.conquered = false;
            }
        }
        self.enter_phase(Phase::VictoryDetermination, log);
    }

    /// §20.2: each Exploration Underway marker is replaced by a random
    /// explorer from its power's pool, all before the first roll.
    fn draw_explorers(&mut self) {
        for power in NEW_WORLD_POWERS {
            let Some(side) = self.new_world.side(power) else { continue };
            if side.exploration.is_none() || self.marker_explorer(power).is_some() {
                continue;
            }
            match self.draw_explorer(power) {
                Some(e) => self.new_world.explorers[e.index()] = ExplorerAt::Underway,
                // No explorer left: the voyage cannot sail (ruling NW4).
                None => {
                    if let Some(side) = self.new_world.side_mut(power) {
                        side.exploration = None;
                    }
                }
            }
        }
    }

    /// The explorer drawn for `power`'s Exploration Underway marker.
    fn marker_explorer(&self, power: Power) -> Option<Explorer> {
        let card_cabot = self.cabot_underway(power).then(|| nw::cabot(power)).flatten();
        Explorer::ALL
            .into_iter()
            .find(|&e| e.power() == power && self.explorer_at(e) == ExplorerAt::Underway && Some(e) != card_cabot)
    }

    /// Whether `explorer` sails for Sebastian Cabot (#99).
    fn is_card_cabot(&self, explorer: Explorer) -> bool {
        let power = explorer.power();
        self.cabot_underway(power) && nw::cabot(power) == Some(explorer)
    }

    /// The next voyage of exploration to resolve (§20.2): the best explorer
    /// underway; ties England, France, Hapsburg.
    fn next_explorer(&self) -> Option<Explorer> {
        let underway = Explorer::ALL.into_iter().filter(|&e| self.explorer_at(e) == ExplorerAt::Underway);
        underway.min_by_key(|&e| (-e.rating(), nw::slot(e.power()).unwrap_or(usize::MAX), e.index()))
    }

    /// Rolls one voyage of exploration (§20.2): 2d6 + rating, +2 Mercator,
    /// -1 Uncharted (the marker then flips); Sebastian Cabot (#99) neither
    /// takes the -1 nor flips the marker.
    fn resolve_exploration(&mut self, explorer: Explorer, log: &mut dyn Log) {
        let power = explorer.power();
        let card_cabot = self.is_card_cabot(explorer);
        let plus_two = !card_cabot && self.exploration_underway(power).is_some_and(|v| v.plus_two);
        let uncharted = !card_cabot && !self.charted(power);
        let dice = self.roll_dice(2).sum() as i8;
        let roll = dice + explorer.rating() + if plus_two { 2 } else { 0 } - i8::from(uncharted);
        if let Some(side) = self.new_world.side_mut(power).filter(|_| !card_cabot) {
            side.charted = true;
        }
        match nw::exploration_result(roll) {
            ExplorationResult::LostAtSea => {
                log.event(Event::Exploration { explorer, roll, discovery: None });
                self.explorer_dies(explorer);
            }
            ExplorationResult::NoDiscovery => {
                log.event(Event::Exploration { explorer, roll, discovery: None });
                self.new_world.explorers[explorer.index()] = ExplorerAt::Pool;
            }
            ExplorationResult::Discovery(rolled) => {
                let found = nw::next_lower_free_discovery(rolled, |d| self.discovery_holder(d).is_some());
                log.event(Event::Exploration { explorer, roll, discovery: found });
                match found {
                    Some(d) => self.claim_discovery(explorer, d),
                    None => self.new_world.explorers[explorer.index()] = ExplorerAt::Pool,
                }
            }
            ExplorationResult::Choice => {
                log.event(Event::Exploration { explorer, roll, discovery: None });
                let mut options = ActionList::new();
                self.voyage_actions(explorer, &mut options);
                if options.is_empty() {
                    self.new_world.explorers[explorer.index()] = ExplorerAt::Pool;
                } else {
                    self.stack.push(Frame::Voyage { explorer, plus_two });
                    return;
                }
            }
        }
        self.finish_exploration(explorer);
    }

    /// The explorer's claim: the VP marker to his power, his counter on the
    /// discovery for the rest of the game (§20.2).
    fn claim_discovery(&mut self, explorer: Explorer, discovery: Discovery) {
        let power = explorer.power();
        self.new_world.discoveries[discovery.index()] = Some(power);
        self.new_world.explorers[explorer.index()] = ExplorerAt::Discovery(discovery);
        if let Some(side) = self.new_world.side_mut(power) {
            side.vp = side.vp.saturating_add(discovery.vp());
        }
    }

    /// An explorer dies (§20.2): out of the game; a Cabot's death also
    /// takes Sebastian Cabot (#99) out of the deck (ruling NW5).
    fn explorer_dies(&mut self, explorer: Explorer) {
        if !matches!(self.explorer_at(explorer), ExplorerAt::Discovery(_)) {
            self.new_world.explorers[explorer.index()] = ExplorerAt::Removed;
        }
        if nw::cabot(explorer.power()) == Some(explorer)
            && (self.deck.contains(Card::SebastianCabot) || self.discard.contains(Card::SebastianCabot))
        {
            self.take_card_out(Card::SebastianCabot);
            self.removed.insert(Card::SebastianCabot);
        }
    }

    /// The voyage is over: the marker leaves Crossing Atlantic; Sebastian
    /// Cabot's own counter leaves the game unless it marks a discovery (#99).
    fn finish_exploration(&mut self, explorer: Explorer) {
        let card_cabot = self.is_card_cabot(explorer);
        let at = self.explorer_at(explorer);
        if card_cabot && matches!(at, ExplorerAt::Pool | ExplorerAt::Underway) {
            self.new_world.explorers[explorer.index()] = ExplorerAt::Removed;
        }
        if let Some(side) = self.new_world.side_mut(explorer.power()) {
            if card_cabot {
                side.cabot_voyage = false;
            } else {
                side.exploration = None;
            }
        }
    }

    /// The choices of an explorer who rolled 10 or more (§20.2), in index
    /// order: the free discoveries (1-VP rivers, the Amazon), then the
    /// circumnavigation while nobody has made it.
    pub(crate) fn voyage_actions(&self, _explorer: Explorer, list: &mut ActionList) {
        let claimable = nw::RIVERS.into_iter().chain([Discovery::Amazon]);
        list.extend(claimable.filter(|&d| self.discovery_holder(d).is_none()).map(Action::Discover));
        if self.new_world.circumnavigated().is_none() {
            list.push(Action::Circumnavigate);
        }
    }

    /// Applies the explorer's choice (§20.2): a discovery, or the attempt to
    /// circumnavigate (the Pacific Strait first if free, then 2d6 + rating,
    /// +2 Mercator, never the Uncharted -1).
    pub(crate) fn apply_voyage(&mut self, explorer: Explorer, plus_two: bool, action: Action, log: &mut dyn Log) {
        self.stack.pop();
        match action {
            Action::Discover(d) => {
                log.event(Event::DiscoveryClaimed { explorer, discovery: d });
                self.claim_discovery(explorer, d);
            }
            Action::Circumnavigate => self.circumnavigate(explorer, plus_two, log),
            _ => {}
        }
        self.finish_exploration(explorer);
    }

    fn circumnavigate(&mut self, explorer: Explorer, plus_two: bool, log: &mut dyn Log) {
        let power = explorer.power();
        if self.discovery_holder(Discovery::PacificStrait).is_none() {
            self.claim_discovery(explorer, Discovery::PacificStrait);
        }
        let roll = self.roll_dice(2).sum() as i8 + explorer.rating() + if plus_two { 2 } else { 0 };
        let result = nw::circumnavigation_result(roll);
        let success = result != CircumnavigationResult::Failure;
        log.event(Event::Circumnavigation { explorer, roll, success });
        if !success {
            self.explorer_dies(explorer);
            return;
        }
        self.claim_discovery(explorer, Discovery::Circumnavigation);
        if result == CircumnavigationResult::SuccessWithCard {
            self.draw_from_deck(power, log);
        }
    }

    /// §20.3: the voyages of conquest, Hapsburg, England, France.
    fn resolve_conquests(&mut self, log: &mut dyn Log) {
        for power in CONQUEST_ORDER {
            let Some(voyage) = self.conquest_underway(power) else { continue };
            if let Some(side) = self.new_world.side_mut(power) {
                side.conquest = None;
            }
            self.resolve_conquest(power, voyage, log);
        }
    }

    /// One voyage of conquest (§20.3): the Hapsburg draws a random
    /// conquistador; 2d6 + rating (+2 Smallpox, #101).
    fn resolve_conquest(&mut self, power: Power, voyage: Voyage, log: &mut dyn Log) {
        let conquistador = if power == Power::Hapsburg {
            // No conquistador left: the voyage cannot sail (ruling NW4).
            let Some(c) = self.draw_conquistador() else { return };
            Some(c)
        } else {
            None
        };
        let rating = conquistador.map_or(0, |c| c.rating());
        let roll = self.roll_dice(2).sum() + rating + if voyage.plus_two { 2 } else { 0 };
        let conquest = match nw::conquest_result(roll) {
            ConquestResult::Conquest(rolled) => {
                nw::next_lower_free_conquest(rolled, |c| self.conquest_holder(c).is_some())
            }
            _ => None,
        };
        log.event(Event::ConquestVoyage { power, conquistador, roll, conquest });
        let killed = nw::conquest_result(roll) == ConquestResult::Killed;
        match (conquest, conquistador) {
            (Some(c), _) => self.claim_conquest(power, conquistador, c),
            (None, Some(c)) => {
                self.new_world.conquistadors[c.index()] =
                    if killed { ConquistadorAt::Removed } else { ConquistadorAt::Pool };
            }
            (None, None) => {
                if let Some(side) = self.new_world.side_mut(power).filter(|_| !killed) {
                    side.conquest_markers = side.conquest_markers.saturating_add(1);
                }
            }
        }
    }

    /// A conquest (§20.3): its VP at once, its marker in the power's
    /// conquest box, the conquistador (or Conquest marker) on the map.
    fn claim_conquest(&mut self, power: Power, conquistador: Option<Conquistador>, conquest: Conquest) {
        self.new_world.conquests[conquest.index()] = Some(Holding { power, depleted: false });
        if let Some(c) = conquistador {
            self.new_world.conquistadors[c.index()] = ConquistadorAt::Conquest(conquest);
        }
        if let Some(side) = self.new_world.side_mut(power) {
            side.vp = side.vp.saturating_add(conquest.vp());
        }
    }

    /// §20.1: colonies crossing the Atlantic reach their colony boxes.
    fn colonies_arrive(&mut self, log: &mut dyn Log) {
        for power in NEW_WORLD_POWERS {
            if let Some(side) = self.new_world.side_mut(power).filter(|s| s.crossing) {
                side.crossing = false;
                side.colonies += 1;
                log.event(Event::ColonyFounded(power));
            }
        }
    }

    /// §20.4, at the card draw: 2d6 for each colony (the Potosi colony
    /// too) and each conquest not depleted, read on the New World Riches
    /// Table. The Colonial Governor / Native Uprising marker (#111) leaves
    /// at the end of the phase in which it changed a result.
    pub(crate) fn new_world_riches(&mut self, log: &mut dyn Log) {
        if !nw::in_play(self) {
            return;
        }
        let mut governor_used = false;
        for power in NEW_WORLD_POWERS {
            for _ in 0..self.colonies(power) {
                governor_used |= self.roll_riches(power, RichesColumn::Colony, log);
            }
            if self.potosi() == Some(power) {
                governor_used |= self.roll_riches(power, RichesColumn::Potosi, log);
            }
            for conquest in Conquest::ALL {
                if self.conquest_holder(conquest) == Some(Holding { power, depleted: false }) {
                    self.roll_riches(power, RichesColumn::Conquest(conquest), log);
                }
            }
        }
        if governor_used {
            self.new_world.governor = None;
        }
    }

    /// One riches roll; whether the Governor / Uprising marker changed it.
    fn roll_riches(&mut self, power: Power, column: RichesColumn, log: &mut dyn Log) -> bool {
        let colony = !matches!(column, RichesColumn::Conquest(_));
        let plantations = colony && self.plantations(power);
        let roll = self.roll_dice(2).sum() + u8::from(plantations);
        let printed = nw::riches(column, roll);
        let governor = self.colonial_governor().filter(|g| g.power == power && colony && printed == Riches::None);
        let result = match governor {
            Some(Governor { uprising: true, .. }) => Riches::Elim,
            Some(_) => Riches::Card,
            None => printed,
        };
        log.event(Event::NewWorldRiches { power, column, roll, result });
        match result {
            Riches::Card => self.bonus_card(power, log),
            Riches::Galleon if self.galleons(power) => self.bonus_card(power, log),
            Riches::Deplete => {
                self.bonus_card(power, log);
                self.deplete(column);
            }
            Riches::Elim => match column {
                RichesColumn::Colony => {
                    if let Some(side) = self.new_world.side_mut(power) {
                        side.colonies = side.colonies.saturating_sub(1);
                    }
                }
                RichesColumn::Potosi => self.new_world.potosi = None,
                RichesColumn::Conquest(_) => self.deplete(column),
            },
            Riches::Galleon | Riches::None => {}
        }
        governor.is_some()
    }

    /// A conquest's VP marker moves to the Bonus VP box: its VP stay, its
    /// riches stop (§20.4 Deplete and Elim).
    fn deplete(&mut self, column: RichesColumn) {
        if let RichesColumn::Conquest(c) = column {
            if let Some(holding) = self.new_world.conquests[c.index()].as_mut() {
                holding.depleted = true;
            }
        }
    }

    /// A New World bonus card (§20.4). A Hapsburg card may be stolen: each
    /// raider in play rolls, French, English, Protestant, until one steals it.
    fn bonus_card(&mut self, power: Power, log: &mut dyn Log) {
        if power == Power::Hapsburg {
            for (i, raider) in RAIDER_POWERS.into_iter().enumerate() {
                if !self.new_world.raiders[i] {
                    continue;
                }
                let die = self.roll_die();
                let result = nw::raid(die, self.galleons(Power::Hapsburg));
                log.event(Event::Raid { raider, die, stolen: result.stolen, eliminated: result.eliminated });
                if result.eliminated {
                    self.new_world.raiders[i] = false;
                }
                if result.stolen {
                    self.draw_from_deck(raider, log);
                    return;
                }
            }
        }
        self.draw_from_deck(power, log);
    }

    /// Cancels `power`'s voyage underway of `kind` (Fountain of Youth, #77;
    /// Search for Cibola, #98): its marker goes to the turn track, and the
    /// power may not launch that kind of voyage again this turn. A Conquest
    /// marker returns to the pool.
    pub(crate) fn cancel_voyage(&mut self, power: Power, kind: VoyageKind, log: &mut dyn Log) {
        let Some(side) = self.new_world.side_mut(power) else { return };
        match kind {
            VoyageKind::Exploration => side.exploration = None,
            VoyageKind::Conquest => {
                side.conquest = None;
                if power != Power::Hapsburg {
                    side.conquest_markers = side.conquest_markers.saturating_add(1);
                }
            }
            VoyageKind::Colony => side.crossing = false,
        }
        log.event(Event::VoyageCancelled { power, voyage: kind });
    }

    /// Removes a random explorer of `power`'s pool from the game (Fountain of Youth, #77).
    pub(crate) fn remove_random_explorer(&mut self, power: Power) {
        if let Some(e) = self.draw_explorer(power) {
            self.explorer_dies(e);
        }
    }
}

/// Editing the New World display (§20), for tests and tools. Every edit
/// keeps the display consistent (`Game::validate`) or is refused; the New
/// World VP follow the display.
impl Game {
    fn edit_new_world(&mut self, edit: impl FnOnce(&mut NewWorld)) -> Result<(), EditError> {
        let before = self.new_world;
        edit(&mut self.new_world);
        for power in NEW_WORLD_POWERS {
            let vp = self.new_world.recount_vp(power);
            if let Some(side) = self.new_world.side_mut(power) {
                side.vp = vp;
            }
        }
        if let Err(why) = self.new_world.check() {
            self.new_world = before;
            return Err(EditError::NewWorld(why));
        }
        Ok(())
    }

    fn edit_side(&mut self, power: Power, edit: impl FnOnce(&mut nw::Colonial)) -> Result<(), EditError> {
        if nw::slot(power).is_none() {
            return Err(EditError::NewWorld("the power does not sail to the New World"));
        }
        self.edit_new_world(|n| {
            if let Some(side) = n.side_mut(power) {
                edit(side);
            }
        })
    }

    /// Puts `explorer` somewhere (§20.2). On a discovery, his power must hold it.
    pub fn set_explorer_at(&mut self, explorer: Explorer, at: ExplorerAt) -> Result<(), EditError> {
        self.edit_new_world(|n| n.explorers[explorer.index()] = at)
    }

    /// Puts `conquistador` somewhere (§20.3).
    pub fn set_conquistador_at(&mut self, conquistador: Conquistador, at: ConquistadorAt) -> Result<(), EditError> {
        self.edit_new_world(|n| n.conquistadors[conquistador.index()] = at)
    }

    /// Gives `discovery` to `holder`, or frees it (§20.2).
    pub fn set_discovery(&mut self, discovery: Discovery, holder: Option<Power>) -> Result<(), EditError> {
        self.edit_new_world(|n| n.discoveries[discovery.index()] = holder)
    }

    /// Gives `conquest` to a holder, or frees it (§20.3).
    pub fn set_conquest(&mut self, conquest: Conquest, holding: Option<Holding>) -> Result<(), EditError> {
        self.edit_new_world(|n| n.conquests[conquest.index()] = holding)
    }

    /// `power`'s colonies in their boxes (§20.1).
    pub fn set_colonies(&mut self, power: Power, colonies: u8) -> Result<(), EditError> {
        self.edit_side(power, |s| s.colonies = colonies)
    }

    /// The Potosi marker in `power`'s colony box, or none (#54).
    pub fn set_potosi(&mut self, power: Option<Power>) -> Result<(), EditError> {
        self.edit_new_world(|n| n.potosi = power)
    }

    /// `power`'s colony in Crossing Atlantic (§20.1).
    pub fn set_colony_crossing(&mut self, power: Power, crossing: bool) -> Result<(), EditError> {
        self.edit_side(power, |s| s.crossing = crossing)
    }

    /// `power`'s Exploration Underway marker (§20.2).
    pub fn set_exploration_underway(&mut self, power: Power, voyage: Option<Voyage>) -> Result<(), EditError> {
        self.edit_side(power, |s| s.exploration = voyage)
    }

    /// `power`'s conquest marker in Crossing Atlantic (§20.3).
    pub fn set_conquest_underway(&mut self, power: Power, voyage: Option<Voyage>) -> Result<(), EditError> {
        self.edit_side(power, |s| s.conquest = voyage)
    }

    /// English or French Conquest markers in the pool (§20.3).
    pub fn set_conquest_markers(&mut self, power: Power, markers: u8) -> Result<(), EditError> {
        self.edit_side(power, |s| s.conquest_markers = markers)
    }

    /// Whether `power`'s Exploration Underway marker shows "Charts Available" (§20.2).
    pub fn set_charted(&mut self, power: Power, charted: bool) -> Result<(), EditError> {
        self.edit_side(power, |s| s.charted = charted)
    }

    /// Whether `power` used Colonize, Explore and Conquer this turn (§20).
    pub fn set_new_world_used(
        &mut self,
        power: Power,
        colonized: bool,
        explored: bool,
        conquered: bool,
    ) -> Result<(), EditError> {
        self.edit_side(power, |s| {
            s.colonized = colonized;
            s.explored = explored;
            s.conquered = conquered;
        })
    }

    /// The Galleons marker by `power`'s colonies (#48).
    pub fn set_galleons(&mut self, power: Power, galleons: bool) -> Result<(), EditError> {
        self.edit_side(power, |s| s.galleons = galleons)
    }

    /// The Plantations marker by `power`'s colonies (#53).
    pub fn set_plantations(&mut self, power: Power, plantations: bool) -> Result<(), EditError> {
        self.edit_side(power, |s| s.plantations = plantations)
    }

    /// The Colonial Governor / Native Uprising marker (#111).
    pub fn set_colonial_governor(&mut self, governor: Option<Governor>) -> Result<(), EditError> {
        self.edit_new_world(|n| n.governor = governor)
    }

    /// A Huguenot raider of `power` (France, England, Protestant) in play (#49).
    pub fn set_raider(&mut self, power: Power, raider: bool) -> Result<(), EditError> {
        let Some(i) = RAIDER_POWERS.iter().position(|&p| p == power) else {
            return Err(EditError::NewWorld("only France, England and the Protestant have raiders"));
        };
        self.edit_new_world(|n| n.raiders[i] = raider)
    }

    /// Sebastian Cabot (#99) underway for `power`, or not: his counter
    /// underway, or back in the pool.
    pub fn set_cabot_underway(&mut self, power: Power, underway: bool) -> Result<(), EditError> {
        let Some(cabot) = nw::cabot(power) else {
            return Err(EditError::NewWorld("the power does not sail to the New World"));
        };
        self.edit_new_world(|n| {
            n.explorers[cabot.index()] = if underway { ExplorerAt::Underway } else { ExplorerAt::Pool };
            if let Some(side) = n.side_mut(power) {
                side.cabot_voyage = underway;
            }
        })
    }

    /// Test hook: the next explorer `explorer.power()` draws is `explorer`
    /// if he is in the pool then (§20.2 draws, pinned as dice are).
    #[doc(hidden)]
    pub fn force_explorer(&mut self, explorer: Explorer) -> Result<(), EditError> {
        self.edit_side(explorer.power(), |s| s.forced_explorer = Some(explorer))
    }

    /// Test hook: the next conquistador drawn is `conquistador` if he is in
    /// the pool then (§20.3).
    #[doc(hidden)]
    pub fn force_conquistador(&mut self, conquistador: Conquistador) -> Result<(), EditError> {
        self.edit_new_world(|n| n.forced_conquistador = Some(conquistador))
    }
}
