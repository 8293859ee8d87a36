//! Piracy (§16.4) as decisions: from the `Spend` frame the Ottoman picks a
//! sea zone (`Piracy`, 2 CP, a Piracy marker), then the target
//! (`PiracyTarget`); the anti-piracy and piracy rolls follow; the target
//! then pays each hit (`PiracyHit`): a squadron (`SinkSquadronIn` /
//! `SinkSquadronAt`, then `LoseSquadronOf` if several of its factions have
//! one there), a random card (`GiveRandomCard`) or a piracy VP (`GiveVp`).

use crate::action::Action;
use crate::engine::{ActionList, Log};
use crate::event::Event;
use crate::frames::Frame;
use crate::game::{Game, NavalLocation, NavalUnits};
use crate::rules::naval_war::side_factions;
use crate::rules::piracy::{
    PIRACY_COST, PiracyOption, anti_piracy_dice, piracy_choices, piracy_dice, piracy_squadrons, piracy_targets,
};
use crate::types::{Faction, Power, SeaZone};

impl Game {
    /// Starts a piracy action in `zone` (§16.4 step 1): its 2 CP are paid and
    /// the zone takes a Piracy marker.
    pub(crate) fn begin_piracy(&mut self, zone: SeaZone) {
        self.piracy_markers.insert(zone);
        self.pay(PIRACY_COST);
        self.stack.push(Frame::PiracyTarget { power: Power::Ottoman, zone });
    }

    pub(crate) fn piracy_target_actions(&self, zone: SeaZone, list: &mut ActionList) {
        list.extend(piracy_targets(self, zone).iter().map(Action::PiracyTarget));
    }

    /// §16.4 steps 2-5: the anti-piracy roll sinks corsairs; if any is
    /// left, the piracy roll; its hits go to the target to pay.
    pub(crate) fn apply_piracy_target(&mut self, zone: SeaZone, action: Action, log: &mut dyn Log) {
        self.stack.pop();
        let Action::PiracyTarget(target) = action else { return };
        let at = NavalLocation::Sea(zone);
        let anti_piracy = self.roll_dice(anti_piracy_dice(self, zone, target).total());
        let corsairs = self.naval_units(at, Faction::Ottoman).corsairs;
        let corsairs_sunk = anti_piracy.hits().min(corsairs);
        self.lose_ships(Faction::Ottoman, at, NavalUnits { squadrons: 0, corsairs: corsairs_sunk }, log);
        let piracy = self.roll_dice(piracy_dice(self, zone, target));
        log.event(Event::Piracy { zone, target, anti_piracy, corsairs_sunk, piracy });
        // A naval leader is never left alone at sea.
        self.strand_naval_leaders(Faction::Ottoman, at, log);
        let hits = piracy.hits();
        self.julia_gonzaga_piracy(zone, hits, log);
        if hits > 0 && self.decides(target) && piracy_choices(self, zone, target, [0; 3]).contains(&true) {
            self.stack.push(Frame::PiracyHit { power: target, zone, hits, chosen: [0; 3], sink_at: None });
        }
    }

    pub(crate) fn piracy_hit_actions(
        &self,
        power: Power,
        zone: SeaZone,
        chosen: [u8; 3],
        sink_at: Option<NavalLocation>,
        list: &mut ActionList,
    ) {
        if let Some(at) = sink_at {
            for faction in side_factions(self, power.into()) {
                if self.naval_units(at, faction).squadrons > 0 {
                    list.push(Action::LoseSquadronOf(faction));
                }
            }
            return;
        }
        let options = piracy_choices(self, zone, power, chosen);
        if options[PiracyOption::LoseSquadron as usize] {
            for (at, _) in piracy_squadrons(self, zone, power) {
                let action = match at {
                    NavalLocation::Port(space) => Action::SinkSquadronIn(space),
                    NavalLocation::Sea(z) => Action::SinkSquadronAt(z),
                };
                if !list.contains(&action) {
                    list.push(action);
                }
            }
        }
        if options[PiracyOption::DrawCard as usize] {
            list.push(Action::GiveRandomCard(Power::Ottoman));
        }
        if options[PiracyOption::Vp as usize] {
            list.push(Action::GiveVp(Power::Ottoman));
        }
    }

    /// The target pays one piracy hit (§16.4 step 5).
    pub(crate) fn apply_piracy_hit(&mut self, power: Power, zone: SeaZone, action: Action, log: &mut dyn Log) {
        let paid = match action {
            Action::SinkSquadronIn(space) => self.sink_for_piracy(power, NavalLocation::Port(space), log),
            Action::SinkSquadronAt(z) => self.sink_for_piracy(power, NavalLocation::Sea(z), log),
            Action::LoseSquadronOf(faction) => {
                if let Some(&Frame::PiracyHit { sink_at: Some(at), .. }) = self.stack.top() {
                    self.lose_ships(faction, at, NavalUnits::squadrons(1), log);
                    self.strand_at_sea(faction, at, log);
                }
                Some(PiracyOption::LoseSquadron)
            }
            Action::GiveRandomCard(_) => {
                let cards = crate::rules::peace::drawable_cards(self, power);
                if let Some(card) = cards.nth(self.random_below(cards.len().max(1))) {
                    self.hands[power.index()].remove(card);
                    self.hands[Power::Ottoman.index()].insert(card);
                    log.event(Event::CardDrawn { power: Power::Ottoman, from: power, card: Some(card) });
                }
                Some(PiracyOption::DrawCard)
            }
            Action::GiveVp(_) => {
                self.piracy_vp = self.piracy_vp.saturating_add(1).min(crate::rules::piracy::PIRACY_VP_CAP);
                log.event(Event::PiracyVp { total: self.piracy_vp });
                Some(PiracyOption::Vp)
            }
            _ => None,
        };
        let Some(option) = paid else { return };
        let Some(Frame::PiracyHit { hits, chosen, sink_at, .. }) = self.stack.top_mut() else {
            return;
        };
        *sink_at = None;
        *hits = hits.saturating_sub(1);
        chosen[option as usize] += 1;
        let (hits, chosen) = (*hits, *chosen);
        if hits == 0 || !piracy_choices(self, zone, power, chosen).contains(&true) {
            self.stack.pop();
        }
    }

    /// Option (a) at `at`: the one faction of the target's with squadrons
    /// there loses one; with several, the target picks whose (returns
    /// `None`: the hit is not paid yet).
    fn sink_for_piracy(&mut self, power: Power, at: NavalLocation, log: &mut dyn Log) -> Option<PiracyOption> {
        let mut with = side_factions(self, power.into()).iter().filter(|&f| self.naval_units(at, f).squadrons > 0);
        match (with.next(), with.next()) {
            (Some(faction), None) => {
                self.lose_ships(faction, at, NavalUnits::squadrons(1), log);
                self.strand_at_sea(faction, at, log);
                Some(PiracyOption::LoseSquadron)
            }
            _ => {
                if let Some(Frame::PiracyHit { sink_at, .. }) = self.stack.top_mut() {
                    *sink_at = Some(at);
                }
                None
            }
        }
    }

    /// A naval leader of `faction`'s side left at sea without ships goes to
    /// the turn track.
    pub(crate) fn strand_at_sea(&mut self, faction: Faction, at: NavalLocation, log: &mut dyn Log) {
        if matches!(at, NavalLocation::Sea(_)) {
            let side = crate::rules::naval_war::side_of(self, faction);
            self.strand_naval_leaders(side, at, log);
        }
    }
}
