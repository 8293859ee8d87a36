//! `Game::summary`: the position as text a person reads.

use core::fmt::Write;

use crate::engine::impulse_powers;
use crate::game::{Game, NavalLocation};
use crate::types::{Faction, MinorPower, Power, Religion, SeaZone, Space};

impl Game {
    /// The position as text: the turn and phase, the VP of each power,
    /// wars and alliances, hand sizes, then one line per space with
    /// anything notable (units, leaders, ships, unrest, Protestant
    /// religion, a Jesuit university, or a controller other than its home
    /// power, the Protestant's home spaces aside): its control, religion, unrest, units and leaders; then the
    /// sea zones holding ships.
    ///
    /// ```
    /// use here_i_stand::{Game, Scenario, Setup};
    ///
    /// let summary = Game::new(Setup::new(Scenario::Y1517, 1)).summary();
    /// assert!(summary.starts_with("Turn 1, Luther's 95 Theses phase"));
    /// assert!(summary.contains("Vienna: Hapsburg, Catholic"));
    /// ```
    pub fn summary(&self) -> String {
        let mut text = String::new();
        let _ = self.write_summary(&mut text);
        text
    }

    fn write_summary(&self, out: &mut String) -> core::fmt::Result {
        writeln!(out, "Turn {}, {} phase", self.turn(), self.phase().name())?;
        if let Some(outcome) = self.outcome() {
            writeln!(out, "Game over: {outcome}")?;
        }
        let powers = impulse_powers(self.scenario());
        let vp: Vec<String> = powers.iter().map(|&p| format!("{p} {}", self.vp(p).total())).collect();
        writeln!(out, "VP: {}", vp.join(", "))?;
        writeln!(out, "Wars: {}", self.pairs_text(|a, b| self.at_war(a, b)))?;
        writeln!(out, "Alliances: {}", self.pairs_text(|a, b| self.allied(a, b)))?;
        let hands: Vec<String> = powers.iter().map(|&p| format!("{p} {}", self.hand(p).len())).collect();
        writeln!(out, "Hands: {}; deck {}, discard {}", hands.join(", "), self.deck_size(), self.discard_pile().len())?;
        writeln!(out, "Spaces:")?;
        for space in Space::ALL.into_iter().filter(|&s| self.in_play(s) && self.is_notable(s)) {
            writeln!(out, "  {}", self.space_line(space))?;
        }
        for zone in SeaZone::ALL {
            let ships = self.ships_text(NavalLocation::Sea(zone));
            if !ships.is_empty() {
                writeln!(out, "  {}: {ships}", zone.name())?;
            }
        }
        Ok(())
    }

    /// "Ottoman and Hapsburg; France and Genoa", or "none": the pairs (a major
    /// power with a major or minor) where `holds`.
    fn pairs_text(&self, holds: impl Fn(Faction, Faction) -> bool) -> String {
        let mut pairs = Vec::new();
        for (i, &a) in Power::ALL.iter().enumerate() {
            let others = Power::ALL[i + 1..].iter().map(|&p| Faction::from(p));
            for b in others.chain(MinorPower::ALL.into_iter().map(Faction::from)) {
                if holds(a.into(), b) {
                    pairs.push(format!("{a} and {b}"));
                }
            }
        }
        if pairs.is_empty() { "none".into() } else { pairs.join("; ") }
    }

    fn is_notable(&self, space: Space) -> bool {
        self.land_units_in(space).next().is_some()
            || self.leaders_at(space).next().is_some()
            || !self.ships_text(NavalLocation::Port(space)).is_empty()
            || self.in_unrest(space)
            || self.religion(space) == Religion::Protestant
            || self.jesuit_universities().contains(space)
            || self.controlled_away_from_home(space)
    }

    /// Controlled by another faction than its home power; the Protestant's
    /// home spaces (the German electorates and towns) are left out: they
    /// start under the Hapsburg and follow religion (§18.7).
    fn controlled_away_from_home(&self, space: Space) -> bool {
        let home = self.home_of(space);
        home != Faction::Protestant && self.controller(space) != home
    }

    /// "Vienna: Hapsburg, Catholic; Hapsburg 4 regulars; leaders Ferdinand".
    fn space_line(&self, space: Space) -> String {
        let mut line = format!("{}: {}, {}", space.name(), self.controller(space), self.religion(space));
        if self.in_unrest(space) {
            line.push_str(", unrest");
        }
        if self.jesuit_universities().contains(space) {
            line.push_str(", Jesuit university");
        }
        for (faction, units, besieged) in self.land_units_in(space) {
            let _ = write!(line, "; {faction} {units}{}", if besieged { " (besieged)" } else { "" });
        }
        let leaders: Vec<&str> = self.leaders_at(space).map(|l| l.name()).collect();
        if !leaders.is_empty() {
            let _ = write!(line, "; leaders {}", leaders.join(", "));
        }
        let ships = self.ships_text(NavalLocation::Port(space));
        if !ships.is_empty() {
            let _ = write!(line, "; in port {ships}");
        }
        line
    }

    /// "Hapsburg 2 squadrons, Ottoman 1 corsair", and naval leaders at sea;
    /// empty if none.
    fn ships_text(&self, at: NavalLocation) -> String {
        let mut parts: Vec<String> =
            self.naval_stacks().filter(|&(l, _, _)| l == at).map(|(_, f, units)| format!("{f} {units}")).collect();
        if let NavalLocation::Sea(zone) = at {
            let leaders = crate::types::Leader::ALL
                .into_iter()
                .filter(|&l| self.leader_location(l) == crate::game::LeaderLocation::Sea(zone));
            parts.extend(leaders.map(|l| l.name().to_string()));
        }
        parts.join(", ")
    }
}
