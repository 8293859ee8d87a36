//! Building and changing a position: the editing API (its examples are on
//! the `impl Game` block below, which rustdoc shows on `Game`'s page).

use thiserror::Error;

use crate::data::powers;
use crate::game::{
    DebaterState, Game, LandStack, LandUnits, LeaderLocation, MAX_LAND_STACKS, MAX_NAVAL_STACKS, NavalLocation,
    NavalStack, NavalUnits, ReformerState,
};
use crate::rules::counters;
use crate::types::{
    Card, CardKind, Debater, Faction, LandUnitKind, LanguageZone, Leader, LeaderKind, MinorPower, Phase, Power,
    Reformer, Religion, Ruler, Space,
};

/// Why an edit was refused. The game is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum EditError {
    /// One player holds both powers (§3.1): they are never at war (ruling PL3).
    #[error("one player holds {0} and {1}: they cannot be at war")]
    SamePlayer(Power, Power),
    /// The faction has no counters of that unit kind (§5.2): Ottoman
    /// mercenaries, cavalry for anyone but the Ottoman, and so on.
    #[error("{faction} has no {kind} counters")]
    UnitKindNotFielded {
        /// Whose units.
        faction: Faction,
        /// The kind it lacks.
        kind: LandUnitKind,
    },
    /// The faction's counters cannot show that many units (§5.2, §5.3).
    #[error("{faction} has too few counters for that")]
    CounterMixExceeded {
        /// Whose counters.
        faction: Faction,
    },
    /// Units besieged (§15) in a space that has no fortress to hold them.
    #[error("{0} is not fortified: nothing there can be besieged")]
    NotFortified(Space),
    /// Naval units or a naval leader in a space that is no port.
    #[error("{0} is not a port")]
    NotAPort(Space),
    /// A fortress built on a space fortified on the map (#104, #86).
    #[error("{0} is fortified on the map")]
    NotATown(Space),
    /// A Pirate Haven marker outside Oran and Tripoli (#89).
    #[error("{0} cannot hold a Pirate Haven")]
    NotAPirateHaven(Space),
    /// The New World display would be inconsistent (§20): the rule broken.
    #[error("the New World display would be inconsistent: {0}")]
    NewWorld(&'static str),
    /// Corsairs are the Ottoman's only (§5.3).
    #[error("only the Ottoman has corsairs")]
    CorsairsNotOttoman,
    /// A loan the rules cannot give (§9.2): to the Protestant, to oneself,
    /// more Loaned markers than squadrons, an army leader.
    #[error("no such loan of naval units")]
    BadLoan,
    /// The space is out of play (Algiers before Barbary Pirates).
    #[error("{0} is not in play")]
    NotInPlay(Space),
    /// A naval leader on land away from a port, or an army leader at sea.
    #[error("{0} cannot be there")]
    LeaderPlacement(Leader),
    /// Ottoman home spaces have no religion; others are Catholic or Protestant (§1).
    #[error("{0} cannot take that religion")]
    Religion(Space),
    /// A faction at war or allied with itself, or two minor powers paired.
    #[error("{0} and {1} cannot be paired that way")]
    Pairing(Faction, Faction),
    /// Two powers both at war and allied.
    #[error("{0} and {1} cannot be both at war and allied")]
    WarAndAlliance(Faction, Faction),
    /// A minor power allied with two major powers.
    #[error("{0} already has another ally")]
    SecondAlly(Faction),
    /// A Phony War marker for a minor no power intervenes for (only
    /// Scotland and Venice have one), or a permanent one with no holder
    /// (§9.6 step 6).
    #[error("{0} has no Phony War marker to place that way")]
    PhonyWar(MinorPower),
    /// A ruler of another power.
    #[error("{ruler} does not rule {power}")]
    WrongRuler {
        /// The power.
        power: Power,
        /// The ruler given.
        ruler: Ruler,
    },
    /// Turns run from 1 to 9 (§7).
    #[error("turn {0} is not between 1 and 9")]
    Turn(u8),
    /// A card of the diplomacy deck in a main-deck place, or a home card in
    /// the wrong hand or the deck.
    #[error("{0} cannot go there")]
    CardPlacement(Card),
    /// The renegade's owner must be set with the renegade on the map.
    #[error("the renegade leader needs an owner")]
    RenegadeOwner,
    /// At most 4 Piracy markers are on the map (§16.4).
    #[error("at most 4 piracy markers")]
    TooManyPiracyMarkers,
    /// Forced dice must show 1 to 6, at most 64 pending.
    #[error("forced dice must show 1 to 6, at most 64 pending")]
    BadDice,
    /// Only the six electorates have regulars on the Electorate Display (§18.7).
    #[error("{0} is not an electorate")]
    NotAnElectorate(Space),
    /// Translation tracks: German, French and English only; New Testament 0
    /// to 6, Full Bible 0 to 10 and only once the New Testament is done (§18.1).
    #[error("the {0} translation tracks cannot show that")]
    TranslationTrack(LanguageZone),
    /// The power takes no impulses in this scenario (§24.3).
    #[error("{0:?} takes no impulses in this scenario")]
    NoImpulses(Power),
    /// A space with units or leaders in it cannot go out of play.
    #[error("{0} has units or leaders in it")]
    Occupied(Space),
    /// The phase does not fit the turn or the procedure in progress:
    /// Luther's 95 Theses and the Diet of Worms only on turn 1 (§7), and a
    /// pending procedure belongs to its phase (`Game::validate`).
    #[error("the game cannot be in phase {0} now")]
    Phase(Phase),
    /// The edit would leave the procedure in progress unplayable: its data
    /// no longer fits the position, or the power that must decide would
    /// have no legal action (for example a war payment without a card to
    /// pay with).
    #[error("the edit would break the procedure in progress: {0}")]
    Unplayable(crate::validate::InvalidGame),
    /// More units on a foreign war card than its event calls for, more
    /// than 4 independents, or a leader on it who is not an army leader of
    /// its power or whose war is not on (§21.7).
    #[error("{0}'s card cannot hold that")]
    ForeignWar(crate::rules::foreign_war::ForeignWar),
}

/// # Editing a position
///
/// Tests, puzzle builders and UIs set up a position in a few lines:
///
/// ```
/// use here_i_stand::{Faction, Game, LandUnits, Leader, LeaderLocation, Power, Scenario, Setup, Space};
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 7));
/// game.set_land_units(Space::Buda, Faction::Ottoman, LandUnits { regulars: 12, mercenaries: 0, cavalry: 2 })?;
/// game.set_leader(Leader::Suleiman, LeaderLocation::Space(Space::Buda))?;
/// game.set_controller(Space::Buda, Faction::Ottoman)?;
/// game.set_war(Power::Ottoman, Power::Hapsburg, true)?;
/// assert_eq!(game.land_units(Space::Buda, Faction::Ottoman).total(), 14);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
///
/// Every edit checks the invariants it could break and, on error, leaves the
/// game unchanged.
impl Game {
    /// Sets who controls `space` (§2.1).
    pub fn set_controller(&mut self, space: Space, faction: Faction) -> Result<(), EditError> {
        self.put_control(space, faction);
        Ok(())
    }

    /// Sets the religious influence of `space`. Ottoman home spaces keep
    /// `Religion::Other`; no other space may take it (§1).
    pub fn set_religion(&mut self, space: Space, religion: Religion) -> Result<(), EditError> {
        let ottoman_home = space.home() == Faction::Ottoman;
        if ottoman_home != (religion == Religion::Other) {
            return Err(EditError::Religion(space));
        }
        self.put_religion(space, religion);
        Ok(())
    }

    /// Puts `space` in unrest or takes it out (§12.4).
    pub fn set_unrest(&mut self, space: Space, unrest: bool) -> Result<(), EditError> {
        self.put_unrest(space, unrest);
        Ok(())
    }

    /// Puts `space` in play or out of it (Algiers, Barbary Pirates #9).
    /// Refused (`Occupied`) for a space with units, ships or leaders in it.
    pub fn set_in_play(&mut self, space: Space, in_play: bool) -> Result<(), EditError> {
        if !in_play && self.occupied(space) {
            return Err(EditError::Occupied(space));
        }
        self.keeping_play(|g| {
            g.out_of_play.set(space, !in_play);
            Ok(())
        })
    }

    /// Whether land units, ships (in its port) or leaders are in `space`.
    fn occupied(&self, space: Space) -> bool {
        let land = self.land_stacks_slice().iter().any(|s| s.space == space);
        let ships = self.naval_stacks_slice().iter().any(|s| s.location == NavalLocation::Port(space));
        let leaders = Leader::ALL.into_iter().any(|l| self.leader_location(l) == LeaderLocation::Space(space));
        land || ships || leaders
    }

    /// Runs `edit`; if the procedure in progress was playable before and
    /// is not after (`Game::validate`'s frame checks), undoes it:
    /// `EditError::Unplayable`.
    pub(crate) fn keeping_play(
        &mut self,
        edit: impl FnOnce(&mut Game) -> Result<(), EditError>,
    ) -> Result<(), EditError> {
        let before = self.clone();
        let was_playable = before.check_play().is_ok();
        edit(self)?;
        if was_playable && let Err(e) = self.check_play() {
            *self = before;
            return Err(EditError::Unplayable(e));
        }
        Ok(())
    }

    /// Sets `faction`'s land units in `space`, replacing what was there; not
    /// besieged. Checks the unit kinds and the counter mix (§5.2).
    pub fn set_land_units(&mut self, space: Space, faction: Faction, units: LandUnits) -> Result<(), EditError> {
        self.place_land_units(space, faction, units, false)
    }

    /// As [`Game::set_land_units`], with the units besieged inside the
    /// fortress (§15); only a fortified space can be besieged.
    pub fn set_besieged_units(&mut self, space: Space, faction: Faction, units: LandUnits) -> Result<(), EditError> {
        if !units.is_empty() && !self.is_fortified(space) {
            return Err(EditError::NotFortified(space));
        }
        self.place_land_units(space, faction, units, true)
    }

    fn place_land_units(
        &mut self,
        space: Space,
        faction: Faction,
        units: LandUnits,
        besieged: bool,
    ) -> Result<(), EditError> {
        if !self.in_play(space) && !units.is_empty() {
            return Err(EditError::NotInPlay(space));
        }
        for (kind, n) in [
            (LandUnitKind::Regular, units.regulars),
            (LandUnitKind::Mercenary, units.mercenaries),
            (LandUnitKind::Cavalry, units.cavalry),
        ] {
            if n > 0 && !powers::fields(faction, kind) {
                return Err(EditError::UnitKindNotFielded { faction, kind });
            }
        }
        let index = self.land_stacks_slice().iter().position(|s| s.space == space && s.faction == faction);
        let saved = (self.land, self.land_len, self.board_key);
        self.write_land_stack(index, space, faction, units, besieged);
        if !counters::fits_counter_mix(self, faction) {
            (self.land, self.land_len, self.board_key) = saved;
            return Err(EditError::CounterMixExceeded { faction });
        }
        Ok(())
    }

    /// Writes one land stack: updates, removes (no units) or appends it.
    pub(crate) fn write_land_stack(
        &mut self,
        index: Option<usize>,
        space: Space,
        faction: Faction,
        units: LandUnits,
        besieged: bool,
    ) {
        match index {
            Some(i) if units.is_empty() => {
                let last = usize::from(self.land_len) - 1;
                let moved = self.land[last];
                self.put_land_stack(last, LandStack::EMPTY);
                self.put_land_stack(i, if i == last { LandStack::EMPTY } else { moved });
                self.land_len -= 1;
            }
            Some(i) => self.put_land_stack(i, LandStack { units, besieged, ..self.land[i] }),
            None if units.is_empty() => {}
            None => {
                // The counter mix bounds stacks to MAX_LAND_STACKS; a full table
                // can only come from an over-full mix, which the caller rejects.
                if usize::from(self.land_len) < MAX_LAND_STACKS {
                    self.put_land_stack(usize::from(self.land_len), LandStack { space, faction, units, besieged });
                    self.land_len += 1;
                }
            }
        }
    }

    /// Sets `faction`'s naval units at `location`, replacing what was there.
    /// Checks ports, corsairs and the counter count, including units on the
    /// turn track (§5.3).
    pub fn set_naval_units(
        &mut self,
        location: NavalLocation,
        faction: Faction,
        units: NavalUnits,
    ) -> Result<(), EditError> {
        if let NavalLocation::Port(space) = location {
            if !space.is_port() {
                return Err(EditError::NotAPort(space));
            }
            if !self.in_play(space) && units.total() > 0 {
                return Err(EditError::NotInPlay(space));
            }
        }
        if units.corsairs > 0 && faction != Faction::Ottoman {
            return Err(EditError::CorsairsNotOttoman);
        }
        let index = self.naval_stacks_slice().iter().position(|s| s.location == location && s.faction == faction);
        // §9.2: fewer squadrons here take the loaned ones first (docs/rulings.md LN5).
        let mut lent = index.map_or(crate::rules::loans::NO_LOAN, |i| self.naval[i].lent);
        if let Some(i) = index {
            let fewer = self.naval[i].units.squadrons.saturating_sub(units.squadrons);
            crate::rules::loans::take_lent(&mut lent, fewer);
        }
        let own = u32::from(units.total()) - u32::from(crate::rules::loans::lent_total(&lent).min(units.squadrons));
        let elsewhere = self.naval_counters_on_map(faction, index);
        let total = elsewhere + own + u32::from(self.naval_turn_track[faction.index()].total());
        if total > u32::from(powers::naval_counters(faction)) {
            return Err(EditError::CounterMixExceeded { faction });
        }
        match index {
            Some(i) if units.total() == 0 => {
                let last = usize::from(self.naval_len) - 1;
                self.naval[i] = self.naval[last];
                self.naval[last] = NavalStack::EMPTY;
                self.naval_len -= 1;
            }
            Some(i) => {
                self.naval[i].units = units;
                self.naval[i].lent = lent;
            }
            None if units.total() == 0 => {}
            None => {
                if usize::from(self.naval_len) < MAX_NAVAL_STACKS {
                    self.naval[usize::from(self.naval_len)] =
                        NavalStack { location, faction, units, lent: crate::rules::loans::NO_LOAN };
                    self.naval_len += 1;
                }
            }
        }
        Ok(())
    }

    /// Sets `faction`'s naval units waiting on the turn track (§5.3).
    pub fn set_naval_on_turn_track(&mut self, faction: Faction, units: NavalUnits) -> Result<(), EditError> {
        if units.corsairs > 0 && faction != Faction::Ottoman {
            return Err(EditError::CorsairsNotOttoman);
        }
        let on_map = self.naval_counters_on_map(faction, None);
        if on_map + u32::from(units.total()) > u32::from(powers::naval_counters(faction)) {
            return Err(EditError::CounterMixExceeded { faction });
        }
        self.naval_turn_track[faction.index()] = units;
        Ok(())
    }

    /// Puts `leader` at `location`. Army leaders stand in land spaces, naval
    /// leaders in ports or at sea. The renegade needs an owner first
    /// ([`Game::set_renegade_owner`]) to be on the map.
    pub fn set_leader(&mut self, leader: Leader, location: LeaderLocation) -> Result<(), EditError> {
        match (leader.kind(), location) {
            (LeaderKind::Army, LeaderLocation::Sea(_)) => {
                return Err(EditError::LeaderPlacement(leader));
            }
            (LeaderKind::Naval, LeaderLocation::Space(space)) if !space.is_port() => {
                return Err(EditError::NotAPort(space));
            }
            (_, LeaderLocation::Space(space)) if !self.in_play(space) => {
                return Err(EditError::NotInPlay(space));
            }
            (kind, LeaderLocation::ForeignWar(war)) => {
                let own = Some(Faction::from(war.power()));
                if kind != LeaderKind::Army || self.leader_owner(leader) != own || self.foreign_war(war).is_none() {
                    return Err(EditError::ForeignWar(war));
                }
            }
            _ => {}
        }
        let on_map = matches!(location, LeaderLocation::Space(_) | LeaderLocation::Sea(_));
        if leader == Leader::Renegade && on_map && self.renegade_owner.is_none() {
            return Err(EditError::RenegadeOwner);
        }
        // Maurice of Saxony is never held by the side he serves (#60).
        if let LeaderLocation::Captured(by) = location {
            if leader == Leader::MauriceOfSaxony && self.leader_owner(leader) == Some(Faction::from(by)) {
                return Err(EditError::LeaderPlacement(leader));
            }
        }
        self.leaders[leader.index()] = location;
        Ok(())
    }

    /// Sets the side Maurice of Saxony serves (#60): the Protestant or the
    /// Hapsburg; refused (`LeaderPlacement`) for another power, or for the
    /// power holding him captive.
    ///
    /// ```
    /// use here_i_stand::{Faction, Game, Leader, Power, Scenario, Setup};
    ///
    /// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
    /// game.set_maurice_side(Power::Hapsburg)?;
    /// assert_eq!(game.leader_owner(Leader::MauriceOfSaxony), Some(Faction::Hapsburg));
    /// assert!(game.set_maurice_side(Power::France).is_err());
    /// # Ok::<(), here_i_stand::EditError>(())
    /// ```
    pub fn set_maurice_side(&mut self, power: Power) -> Result<(), EditError> {
        let maurice = Leader::MauriceOfSaxony;
        let captor = matches!(self.leader_location(maurice), LeaderLocation::Captured(by) if by == power);
        if !matches!(power, Power::Protestant | Power::Hapsburg) || captor {
            return Err(EditError::LeaderPlacement(maurice));
        }
        self.maurice_hapsburg = power == Power::Hapsburg;
        Ok(())
    }

    /// Sets the power the renegade leader (Charles Bourbon, #75) serves.
    pub fn set_renegade_owner(&mut self, owner: Option<Power>) -> Result<(), EditError> {
        let on_map =
            matches!(self.leader_location(Leader::Renegade), LeaderLocation::Space(_) | LeaderLocation::Sea(_));
        if owner.is_none() && on_map {
            return Err(EditError::RenegadeOwner);
        }
        self.renegade_owner = owner;
        Ok(())
    }

    /// Sets the state of `debater`.
    pub fn set_debater(&mut self, debater: Debater, state: DebaterState) -> Result<(), EditError> {
        self.debaters[debater.index()] = state;
        Ok(())
    }

    /// Sets the state of `reformer`.
    pub fn set_reformer(&mut self, reformer: Reformer, state: ReformerState) -> Result<(), EditError> {
        self.reformers[reformer.index()] = state;
        Ok(())
    }

    /// Makes `ruler` the ruler of `power` (§3.3).
    pub fn set_ruler(&mut self, power: Power, ruler: Ruler) -> Result<(), EditError> {
        if ruler.power() != power {
            return Err(EditError::WrongRuler { power, ruler });
        }
        self.rulers[power.index()] = ruler;
        Ok(())
    }

    /// Excommunicates `ruler` or lifts it (§21.5). An excommunication is
    /// also recorded among the rulers excommunicated in this game.
    pub fn set_excommunicated(&mut self, ruler: Ruler, excommunicated: bool) -> Result<(), EditError> {
        self.excommunicated.set(ruler, excommunicated);
        if excommunicated {
            self.rulers_excommunicated.insert(ruler);
        }
        Ok(())
    }

    /// Records whether `ruler` was excommunicated in this game (§21.5). A
    /// ruler excommunicated now stays recorded.
    pub fn set_ruler_excommunicated_in_game(&mut self, ruler: Ruler, once: bool) -> Result<(), EditError> {
        self.rulers_excommunicated.set(ruler, once || self.excommunicated.contains(ruler));
        Ok(())
    }

    /// Records whether `reformer` was excommunicated in this game (§21.5).
    pub fn set_reformer_excommunicated_in_game(&mut self, reformer: Reformer, once: bool) -> Result<(), EditError> {
        self.reformers_excommunicated.set(reformer, once);
        Ok(())
    }

    /// Puts `a` and `b` at war or at peace. A faction is never at war with
    /// itself, two minors never with each other, and allies never at war.
    pub fn set_war(&mut self, a: impl Into<Faction>, b: impl Into<Faction>, war: bool) -> Result<(), EditError> {
        let (a, b) = (a.into(), b.into());
        check_pair(a, b)?;
        if war && self.alliances.contains(a, b) {
            return Err(EditError::WarAndAlliance(a, b));
        }
        if let (true, Some(x), Some(y)) = (war, a.major(), b.major()) {
            if self.same_player(x, y) {
                return Err(EditError::SamePlayer(x, y));
            }
        }
        self.wars.set(a, b, war);
        Ok(())
    }

    /// Makes `a` and `b` allies or ends it. A minor power has at most one
    /// major ally (§22); powers at war cannot ally.
    pub fn set_alliance(
        &mut self,
        a: impl Into<Faction>,
        b: impl Into<Faction>,
        allied: bool,
    ) -> Result<(), EditError> {
        let (a, b) = (a.into(), b.into());
        check_pair(a, b)?;
        if allied {
            if self.wars.contains(a, b) {
                return Err(EditError::WarAndAlliance(a, b));
            }
            for minor in [a, b].into_iter().filter(|f| f.minor().is_some()) {
                let other = if minor == a { b } else { a };
                if Power::ALL.iter().any(|&p| Faction::from(p) != other && self.alliances.contains(p.into(), minor)) {
                    return Err(EditError::SecondAlly(minor));
                }
            }
        }
        self.alliances.set(a, b, allied);
        Ok(())
    }

    /// Gives the town `space` a fortress, or takes it away (Trace
    /// Italienne, #104; Knights of St. John, #86). Refused
    /// (`NotATown`) for a space fortified on the map.
    pub fn set_fortress(&mut self, space: Space, fortress: bool) -> Result<(), EditError> {
        if space.is_fortified() {
            return Err(EditError::NotATown(space));
        }
        self.fortresses.set(space, fortress);
        Ok(())
    }

    /// Puts a Pirate Haven marker in Oran or Tripoli, or takes it away
    /// (#89). Refused (`NotAPirateHaven`) elsewhere.
    pub fn set_pirate_haven(&mut self, space: Space, haven: bool) -> Result<(), EditError> {
        if !crate::rules::construction::PIRATE_HAVENS.contains(&space) {
            return Err(EditError::NotAPirateHaven(space));
        }
        self.pirate_havens.set(space, haven);
        Ok(())
    }

    /// Puts a Jesuit university in `space` or takes it away (§18.1).
    pub fn set_jesuit_university(&mut self, space: Space, present: bool) -> Result<(), EditError> {
        if present {
            self.jesuit_universities.insert(space);
        } else {
            self.jesuit_universities.remove(space);
        }
        Ok(())
    }

    /// Puts an electorate's Protestant regulars on the Electorate Display
    /// (`true`) or takes them off it (§18.7). Only the six electorates.
    pub fn set_on_electorate_display(&mut self, space: Space, waiting: bool) -> Result<(), EditError> {
        if crate::game::electorate_regulars(space) == 0 {
            return Err(EditError::NotAnElectorate(space));
        }
        if waiting {
            self.electorate_display.insert(space);
        } else {
            self.electorate_display.remove(space);
        }
        Ok(())
    }

    /// Sets `zone`'s translation tracks (§18.1): boxes done on the New
    /// Testament (0 to 6) and on the Full Bible (0 to 10, begun only once
    /// the New Testament is complete).
    ///
    /// ```
    /// use here_i_stand::{Game, LanguageZone, Scenario, Setup};
    ///
    /// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
    /// game.set_translation(LanguageZone::French, 6, 3)?;
    /// assert_eq!(game.full_bible(LanguageZone::French), 3);
    /// assert!(game.set_translation(LanguageZone::English, 5, 1).is_err());
    /// assert!(game.set_translation(LanguageZone::Italian, 1, 0).is_err());
    /// # Ok::<(), here_i_stand::EditError>(())
    /// ```
    pub fn set_translation(&mut self, zone: LanguageZone, new_testament: u8, full_bible: u8) -> Result<(), EditError> {
        if !crate::rules::religion::translation_track_fits(zone, new_testament, full_bible) {
            return Err(EditError::TranslationTrack(zone));
        }
        self.new_testament[zone.index()] = new_testament;
        self.full_bible[zone.index()] = full_bible;
        Ok(())
    }

    /// Sets whether the Schmalkaldic League has formed (card #13).
    pub fn set_schmalkaldic_league(&mut self, formed: bool) -> Result<(), EditError> {
        self.schmalkaldic_league = formed;
        Ok(())
    }

    /// Sets whether the late diplomatic cards (#213-#219) have joined the
    /// two-player diplomatic deck (§24.3, the turn after the League).
    /// Refused outside the two-player game, and, to unset it, while a late
    /// card is in a diplomatic pile or held.
    ///
    /// ```
    /// use here_i_stand::{Card, Game, Scenario, Setup};
    ///
    /// let mut game = Game::empty(Setup::new(Scenario::TwoPlayer, 1));
    /// game.set_dip_late_cards_added(true)?;
    /// game.put_card_in_dip_deck(Card::DipSecretProtestantCircle)?;
    /// assert!(game.set_dip_late_cards_added(false).is_err());
    /// # Ok::<(), here_i_stand::EditError>(())
    /// ```
    pub fn set_dip_late_cards_added(&mut self, added: bool) -> Result<(), EditError> {
        let in_play = self.dip.held.iter().fold(self.dip_deck.union(self.dip.discard), |a, h| a.union(*h));
        let late = in_play.iter().find(|c| c.entry() == crate::data::cards::Entry::Variable);
        if let Some(card) = late.filter(|_| !added) {
            return Err(EditError::CardPlacement(card));
        }
        if self.scenario() != crate::game::Scenario::TwoPlayer {
            return Err(EditError::CardPlacement(Card::DipMachiavelli));
        }
        self.dip.late_added = added;
        Ok(())
    }

    /// Records `card` as played (or not) as an event by `power` this turn
    /// (§6.2). A home card only by its owner.
    pub fn set_event_played(&mut self, power: Power, card: Card, played: bool) -> Result<(), EditError> {
        if card.kind() == CardKind::Home && card.owner() != Some(power) {
            return Err(EditError::CardPlacement(card));
        }
        self.events_played[power.index()].set(card, played);
        Ok(())
    }

    /// Sets the turn (1 to 9).
    pub fn set_turn(&mut self, turn: u8) -> Result<(), EditError> {
        if !(1..=crate::game::LAST_TURN).contains(&turn) {
            return Err(EditError::Turn(turn));
        }
        if turn != 1 && matches!(self.phase, Phase::LuthersTheses | Phase::DietOfWorms) {
            return Err(EditError::Phase(self.phase));
        }
        self.turn = turn;
        Ok(())
    }

    /// Sets the phase. Refused (`Phase`) for Luther's 95 Theses or the Diet
    /// of Worms after turn 1 (§7), and for a phase the procedure in
    /// progress does not belong to (an impulse in winter).
    pub fn set_phase(&mut self, phase: Phase) -> Result<(), EditError> {
        let first_turn_only = matches!(phase, Phase::LuthersTheses | Phase::DietOfWorms);
        let opens =
            self.stack.frames().next().is_none_or(|f| crate::validate::opens_in(crate::validate::kind(f), phase));
        if (first_turn_only && self.turn != 1) || !opens {
            return Err(EditError::Phase(phase));
        }
        self.phase = phase;
        Ok(())
    }

    /// Puts `card` in `power`'s hand, taking it from wherever it was (deck,
    /// discard pile, another hand, out of the game). A home card goes only to
    /// its owner.
    /// Diplomacy cards only in the two-player game, to the Papacy or the
    /// Protestant, and they go to its diplomatic cards
    /// ([`Game::dip_hand`]), not its hand (§24.3). Refused
    /// (`Unplayable`) if it breaks the procedure in progress.
    pub fn give_card(&mut self, power: Power, card: Card) -> Result<(), EditError> {
        let diplomatic = card.kind() == CardKind::Diplomacy;
        let diplomacy_out = diplomatic
            && (self.scenario() != crate::game::Scenario::TwoPlayer
                || !crate::frames::dip_deck::SIDES.contains(&power)
                || self.late_too_soon(card));
        if (card.kind() == CardKind::Home && card.owner() != Some(power)) || diplomacy_out {
            return Err(EditError::CardPlacement(card));
        }
        self.keeping_play(|g| {
            g.take_card_out(card);
            if diplomatic {
                g.dip.held[power.index()].insert(card);
            } else {
                g.hands[power.index()].insert(card);
            }
            Ok(())
        })
    }

    /// Puts the diplomatic `card` in the diplomatic draw pile (two-player
    /// game, §24.3), taking it from wherever it was.
    ///
    /// ```
    /// use here_i_stand::{Card, Game, Scenario, Setup};
    ///
    /// let mut game = Game::empty(Setup::new(Scenario::TwoPlayer, 1));
    /// game.put_card_in_dip_deck(Card::DipCorsairRaid)?;
    /// assert!(game.diplomacy_deck().contains(Card::DipCorsairRaid));
    /// // A late card (#213-#219) only once the late cards have joined.
    /// assert!(game.put_card_in_dip_deck(Card::DipMachiavelli).is_err());
    /// # Ok::<(), here_i_stand::EditError>(())
    /// ```
    pub fn put_card_in_dip_deck(&mut self, card: Card) -> Result<(), EditError> {
        if card.kind() != CardKind::Diplomacy
            || self.scenario() != crate::game::Scenario::TwoPlayer
            || self.late_too_soon(card)
        {
            return Err(EditError::CardPlacement(card));
        }
        self.keeping_play(|g| {
            g.take_card_out(card);
            g.dip_deck.insert(card);
            Ok(())
        })
    }

    /// Puts `card` in the draw deck, taking it from wherever it was. Home
    /// cards and diplomacy cards never go in the main deck.
    pub fn put_card_in_deck(&mut self, card: Card) -> Result<(), EditError> {
        if matches!(card.kind(), CardKind::Home | CardKind::Diplomacy) {
            return Err(EditError::CardPlacement(card));
        }
        self.keeping_play(|g| {
            g.take_card_out(card);
            g.deck.insert(card);
            Ok(())
        })
    }

    /// Puts `card` on the discard pile, taking it from wherever it was; a
    /// diplomatic card (two-player game only) on the diplomatic discards.
    pub fn discard_card(&mut self, card: Card) -> Result<(), EditError> {
        let diplomatic = card.kind() == CardKind::Diplomacy;
        let diplomacy_out =
            diplomatic && (self.scenario() != crate::game::Scenario::TwoPlayer || self.late_too_soon(card));
        if card.kind() == CardKind::Home || diplomacy_out {
            return Err(EditError::CardPlacement(card));
        }
        self.keeping_play(|g| {
            g.take_card_out(card);
            if diplomatic {
                g.dip.discard.insert(card);
            } else {
                g.discard.insert(card);
            }
            Ok(())
        })
    }

    /// Removes `card` from the game.
    pub fn remove_card(&mut self, card: Card) -> Result<(), EditError> {
        self.keeping_play(|g| {
            g.take_card_out(card);
            g.removed.insert(card);
            Ok(())
        })
    }

    /// Takes `card` out of every hand and pile (not yet in the game).
    /// A late diplomatic card (#213-#219) before it joined the deck.
    fn late_too_soon(&self, card: Card) -> bool {
        card.kind() == CardKind::Diplomacy
            && card.entry() == crate::data::cards::Entry::Variable
            && !self.dip.late_added
    }

    pub(crate) fn take_card_out(&mut self, card: Card) {
        for hand in &mut self.hands {
            hand.remove(card);
        }
        self.deck.remove(card);
        self.discard.remove(card);
        self.removed.remove(card);
        for held in &mut self.dip.held {
            held.remove(card);
        }
        self.dip_deck.remove(card);
        self.dip.discard.remove(card);
        if self.dip.must_play == Some(card) {
            self.dip.must_play = None;
        }
    }

    /// Sets the number of "-1 card" markers on `power`'s card (§4).
    pub fn set_card_penalties(&mut self, power: Power, markers: u8) -> Result<(), EditError> {
        self.card_penalties[power.index()] = markers;
        Ok(())
    }

    /// Sets who holds `minor`'s Phony War marker, and whether it became
    /// permanent (§9.6 step 6). The marker's -1 VP is part of the holder's
    /// bonus VP: set that with [`Game::set_bonus_vp`].
    ///
    /// ```
    /// use here_i_stand::{Game, MinorPower, Power, Scenario, Setup};
    ///
    /// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
    /// game.set_phony_war(MinorPower::Venice, Some(Power::Hapsburg), false)?;
    /// assert_eq!(game.phony_war(MinorPower::Venice), Some(Power::Hapsburg));
    /// assert!(game.set_phony_war(MinorPower::Genoa, Some(Power::France), false).is_err());
    /// assert!(game.set_phony_war(MinorPower::Venice, None, true).is_err());
    /// # Ok::<(), here_i_stand::EditError>(())
    /// ```
    pub fn set_phony_war(
        &mut self,
        minor: MinorPower,
        holder: Option<Power>,
        permanent: bool,
    ) -> Result<(), EditError> {
        let can_hold = crate::rules::diplomacy::intervener(minor).is_some();
        if (holder.is_some() && !can_hold) || (permanent && holder.is_none()) {
            return Err(EditError::PhonyWar(minor));
        }
        self.phony_war[minor.index()] = holder;
        if permanent {
            self.phony_war_permanent.insert(minor);
        } else {
            self.phony_war_permanent.remove(minor);
        }
        Ok(())
    }

    /// Sets `power`'s bonus VP (§23.2).
    pub fn set_bonus_vp(&mut self, power: Power, vp: i8) -> Result<(), EditError> {
        self.bonus_vp[power.index()] = vp;
        Ok(())
    }

    /// Sets the Ottoman piracy VP, 0 to 10 (§16.4).
    pub fn set_piracy_vp(&mut self, vp: u8) -> Result<(), EditError> {
        self.piracy_vp = vp.min(10);
        Ok(())
    }

    /// Sets the French chateaux VP, 0 to 6 (§21.4).
    pub fn set_chateaux_vp(&mut self, vp: u8) -> Result<(), EditError> {
        self.chateaux_vp = vp.min(6);
        Ok(())
    }

    /// Sets the Papal St Peter's VP, 0 to 5 (§21.5).
    pub fn set_st_peters_vp(&mut self, vp: u8) -> Result<(), EditError> {
        self.st_peters_vp = vp.min(5);
        Ok(())
    }

    /// Sets England's heir VP: 5 for Edward, 2 for Elizabeth only, else 0 (§23.2).
    pub fn set_heir_vp(&mut self, vp: u8) -> Result<(), EditError> {
        self.heir_vp = if vp >= 5 {
            5
        } else if vp >= 2 {
            2
        } else {
            0
        };
        Ok(())
    }

    /// Records the VP totals at the end of `turn` (§23.3 tie-breaks).
    pub fn set_vp_history(&mut self, turn: u8, totals: [i8; Power::COUNT]) -> Result<(), EditError> {
        let slot =
            usize::from(turn).checked_sub(1).and_then(|i| self.vp_history.get_mut(i)).ok_or(EditError::Turn(turn))?;
        *slot = totals;
        Ok(())
    }

    /// Records whether Hungary-Bohemia has been defeated by the Ottoman (§22.5).
    pub fn set_hungary_bohemia_defeated(&mut self, defeated: bool) -> Result<(), EditError> {
        self.hungary_bohemia_defeated = defeated;
        Ok(())
    }

    /// Sets the CP on the St Peter's track, 0 to 4 (§18.1).
    pub fn set_st_peters_cp(&mut self, cp: u8) -> Result<(), EditError> {
        self.st_peters_cp = cp.min(4);
        Ok(())
    }

    /// Records whether `a` and `b` made peace in this diplomacy phase (§9.3, §9.6).
    pub fn set_peace_made(&mut self, a: Power, b: Power, made: bool) -> Result<(), EditError> {
        check_pair(a.into(), b.into())?;
        self.peace_made.set(a.into(), b.into(), made);
        Ok(())
    }

    /// Makes `power` skip its next impulse or not (Halley's Comet, #38):
    /// only a power that takes impulses in this scenario.
    pub fn set_impulse_to_skip(&mut self, power: Power, skip: bool) -> Result<(), EditError> {
        if !crate::engine::impulse_powers(self.scenario()).contains(&power) {
            return Err(EditError::NoImpulses(power));
        }
        self.skip_impulse.set(power, skip);
        Ok(())
    }

    /// Puts a Piracy marker on `zone` or takes it off (§16.4): at most 4.
    pub fn set_piracy_marker(&mut self, zone: crate::types::SeaZone, marked: bool) -> Result<(), EditError> {
        if marked && !self.piracy_markers.contains(zone) && self.piracy_markers.len() >= 4 {
            return Err(EditError::TooManyPiracyMarkers);
        }
        self.piracy_markers.set(zone, marked);
        Ok(())
    }
}

fn check_pair(a: Faction, b: Faction) -> Result<(), EditError> {
    let bad = a == b
        || a == Faction::Independent
        || b == Faction::Independent
        || (a.minor().is_some() && b.minor().is_some());
    if bad { Err(EditError::Pairing(a, b)) } else { Ok(()) }
}
