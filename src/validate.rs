//! `Game::validate`: the invariants every position keeps.
//!
//! The editing API refuses any edit that would break one of them; a game
//! read from outside (serde) is checked with [`Game::validate`] before it is
//! accepted. One small function per family of invariants.

use thiserror::Error;

use crate::data::powers;
use crate::frames::Frame;
use crate::game::{Game, LandUnits, LeaderLocation, MAX_LAND_STACKS, MAX_NAVAL_STACKS, NavalUnits};
use crate::game::{LAST_TURN, NavalLocation};
use crate::rules::counters;
use crate::sets::EnumSet;
use crate::types::{
    Card, CardKind, Faction, LandUnitKind, LanguageZone, Leader, LeaderKind, MinorPower, Phase, Power, Religion, Ruler,
    Space,
};

/// Which invariant of a position is broken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum InvalidGame {
    /// The pending procedures do not fit the position: too many, a power
    /// that takes no impulses, a formation of units or leaders not there.
    #[error("the pending procedures do not fit the position")]
    Frames,
    /// A built fortress on a space fortified on the map (#104, #86), or a
    /// Pirate Haven outside Oran and Tripoli (#89).
    #[error("{0} cannot hold that fortress or haven")]
    Fortress(Space),
    /// Turns run from 1 to 9 (§7).
    #[error("turn {0} is not between 1 and 9")]
    Turn(u8),
    /// More land stacks than the counters could ever make (§5.2).
    #[error("more than {MAX_LAND_STACKS} land stacks")]
    TooManyLandStacks,
    /// More naval stacks than there are naval counters (§5.3).
    #[error("more than {MAX_NAVAL_STACKS} naval stacks")]
    TooManyNavalStacks,
    /// A land stack with no units in it.
    #[error("an empty land stack of {faction} in {space}")]
    EmptyLandStack {
        /// Where.
        space: Space,
        /// Whose.
        faction: Faction,
    },
    /// Two land stacks of one faction in one space.
    #[error("two land stacks of {faction} in {space}")]
    DuplicateLandStack {
        /// Where.
        space: Space,
        /// Whose.
        faction: Faction,
    },
    /// Units besieged (§15) in a space that is not fortified.
    #[error("units are besieged in {0}, which is not fortified")]
    Siege(Space),
    /// Units or a leader in a space that is out of play (Algiers before #9).
    #[error("{0} is not in play")]
    NotInPlay(Space),
    /// A faction with units of a kind it has no counters of (§5.2).
    #[error("{faction} has no {kind} counters")]
    UnitKindNotFielded {
        /// Whose units.
        faction: Faction,
        /// The kind it lacks.
        kind: LandUnitKind,
    },
    /// A faction's land units on the map cannot be shown with its counters (§5.2).
    #[error("{0}'s land units exceed its counter mix")]
    CounterMixExceeded(Faction),
    /// A naval stack with no ships in it.
    #[error("an empty naval stack of {0}")]
    EmptyNavalStack(Faction),
    /// Two naval stacks of one faction in one place.
    #[error("two naval stacks of {0} in one place")]
    DuplicateNavalStack(Faction),
    /// Ships or a naval leader in a space that is no port.
    #[error("{0} is not a port")]
    NotAPort(Space),
    /// Corsairs of a faction other than the Ottoman (§5.3).
    #[error("{0} has no corsairs")]
    CorsairsNotOttoman(Faction),
    /// More ships on the map and turn track than the faction has counters (§5.3).
    #[error("{0} has more ships than naval counters")]
    NavalCountersExceeded(Faction),
    /// A loan of naval units the rules cannot give (§9.2): more Loaned
    /// markers than squadrons, a loan to oneself, a minor or the
    /// Protestant, an army leader on loan, or a loan outside the turn's
    /// diplomacy, spring deployment, action and winter phases.
    #[error("an impossible loan of naval units ({0})")]
    BadLoan(Faction),
    /// An army leader at sea.
    #[error("army leader {0} at sea")]
    ArmyLeaderAtSea(Leader),
    /// The renegade leader on the map with no power to serve (#75).
    #[error("the renegade leader is on the map with no owner")]
    RenegadeWithoutOwner,
    /// Maurice of Saxony held captive by the side he serves (#60).
    #[error("{0} is held captive by his own side")]
    CapturedBySide(Leader),
    /// A ruler on another power's throne (§3.3).
    #[error("{ruler} does not rule {power}")]
    WrongRuler {
        /// The power.
        power: Power,
        /// Its ruler in the position.
        ruler: Ruler,
    },
    /// War or alliance holds one way and not the other.
    #[error("{0} and {1} are paired one way only")]
    AsymmetricPair(Faction, Faction),
    /// A faction at war or allied with itself.
    #[error("{0} is paired with itself")]
    PairedWithSelf(Faction),
    /// Two minor powers, or anyone and the independents, at war or allied (§22).
    #[error("{0} and {1} cannot be at war or allied")]
    ImpossiblePair(Faction, Faction),
    /// Two factions both at war and allied.
    #[error("{0} and {1} are both at war and allied")]
    WarAndAlliance(Faction, Faction),
    /// The players do not fit the scenario, or one player's powers are at
    /// war with each other (§3.1, ruling PL3).
    #[error("the players do not fit the scenario or are at war with themselves")]
    Players,
    /// A minor power allied with more than one major power (§22).
    #[error("{0} is allied with two powers")]
    SecondAlly(Faction),
    /// A Phony War marker for a minor no power intervenes for, or a
    /// permanent one nobody holds (§9.6 step 6).
    #[error("{0}'s Phony War marker cannot be where it is")]
    PhonyWar(MinorPower),
    /// What this diplomacy phase's deals did (§9.1) outside the phase, a
    /// power giving itself, or over the limits.
    #[error("the record of this phase's deals cannot be as it is")]
    Negotiated,
    /// An Ottoman home space not of religion Other, or another space of it (§1).
    #[error("{0} has the wrong kind of religion")]
    Religion(Space),
    /// A card in two places at once (hands, deck, discard pile, removed).
    #[error("{0} is in two places")]
    CardInTwoPlaces(Card),
    /// A home card in another power's hand, the deck or the discard pile (§6.1).
    #[error("home card {0} is out of its owner's hand")]
    HomeCardMisplaced(Card),
    /// A diplomacy card (#201-#219) in the main draw deck (§24.3).
    #[error("diplomacy card {0} is in the main deck")]
    DiplomacyCardInDeck(Card),
    /// A VP marker off its track: piracy above 10 (§16.4), chateaux above 6
    /// (§21.4), St Peter's above 5 (§21.5), heir other than 0, 2 or 5 (§23.2).
    #[error("a VP marker is off its track")]
    VpTrack,
    /// A translation track off its boxes (§18.1): New Testament 0 to 6,
    /// Full Bible 0 to 10 and begun only after the New Testament, and no
    /// track outside the German, French and English zones.
    #[error("the {0} translation tracks are off their boxes")]
    TranslationTrack(LanguageZone),
    /// A ruler excommunicated now but not recorded as excommunicated in
    /// this game (§21.5).
    #[error("{0} is excommunicated but not recorded so")]
    ExcommunicationNotRecorded(Ruler),
    /// A pending procedure sits on one it never sits on (the frame
    /// grammar, `validate::may_sit_on`), or the outermost one does not
    /// belong to the phase.
    #[error("a pending procedure is out of place")]
    FrameOutOfPlace,
    /// The power that must decide has no legal action.
    #[error("the power that must decide has no legal action")]
    NoLegalAction,
    /// The battle being fought (combat cards, rolls) is out of range: a
    /// first-rolling side other than attacker or defender, or more extra
    /// dice than the cards give (§14, §15.1, §16.2).
    #[error("the battle in progress is out of range")]
    BattleState,
    /// England's succession record names a pregnancy chart result outside
    /// 1 to 6 (§21.3), or says England changed rulers this turn while
    /// Henry VIII, the first ruler, still rules (#59).
    #[error("England's succession record is out of range")]
    Succession,
    /// The New World display is inconsistent (§20): the broken rule.
    #[error("the New World display is inconsistent: {0}")]
    NewWorld(&'static str),
    /// The record of ships beaten this impulse names no real place, ship or
    /// naval leader (§16.1).
    #[error("the record of beaten ships is out of range")]
    NavalBeaten,
    /// A diplomacy card (#201-#219) outside the two-player game (§24.3).
    #[error("diplomacy card {0} is out of the two-player game")]
    DiplomacyCardOutOfGame(Card),
    /// A card misplaced among the diplomatic deck's piles and held cards
    /// (§24.3): a main-deck card there, a diplomatic card in a main hand
    /// or discard pile, held by a power other than the Papacy and the
    /// Protestant, a compulsory card not held, or a late card (#213-#219)
    /// before it joined.
    #[error("diplomatic card {0} is misplaced")]
    DiplomacyPile(Card),
    /// Luther's 95 Theses or the Diet of Worms after turn 1 (§7).
    #[error("phase {0} only happens on turn 1")]
    PhaseOutOfTurn(Phase),
    /// A foreign war card that does not fit its war (§21.7): more units
    /// than the event called for, more than 4 independents, units of a
    /// kind the power has no counters of, its event card also in a hand or
    /// a pile, or a leader on it who is not an army leader of its power or
    /// whose war is not on.
    #[error("{0}'s card does not fit its war")]
    ForeignWar(crate::rules::foreign_war::ForeignWar),
    /// Siege of Vienna's frozen spaces (#218) in a turn the card was not
    /// played, or a space there more than 2 spaces from Vienna.
    #[error("Siege of Vienna's frozen spaces do not fit")]
    ViennaFrozen,
}

impl Game {
    /// Checks every invariant of the position; the first broken one is the error.
    ///
    /// A game built with the editing API always passes; a game read from
    /// outside (serde) must.
    ///
    /// ```
    /// use here_i_stand::{Game, Scenario, Setup};
    ///
    /// assert_eq!(Game::new(Setup::new(Scenario::Y1517, 1)).validate(), Ok(()));
    /// ```
    pub fn validate(&self) -> Result<(), InvalidGame> {
        self.players().check_scenario(self.scenario()).map_err(|_| InvalidGame::Players)?;
        self.check_turn()?;
        self.check_land_stacks()?;
        self.check_naval_stacks()?;
        self.check_leaders()?;
        self.check_leader_loans()?;
        self.check_rulers()?;
        self.check_diplomacy()?;
        self.check_religion()?;
        self.check_cards()?;
        self.check_vp_tracks()?;
        self.check_translations()?;
        self.check_foreign_wars()?;
        if !crate::events::vienna_frozen_fits(self) {
            return Err(InvalidGame::ViennaFrozen);
        }
        self.check_war_state()?;
        self.new_world.check().map_err(InvalidGame::NewWorld)?;
        self.check_phase()?;
        self.check_frames()?;
        self.check_stack_shape()?;
        self.check_decision()
    }

    /// The checks of the procedure in progress, which an edit must not
    /// break (`edit::keeping_play`).
    pub(crate) fn check_play(&self) -> Result<(), InvalidGame> {
        self.check_phase()?;
        self.check_frames()?;
        self.check_stack_shape()?;
        self.check_decision()
    }

    /// The per-impulse war state: a first-rolling side that is a side (0
    /// or 1), extra and fewer dice within what the cards give (§14, §15.1,
    /// §16.2, #24-#30), a naval battle waiting on Hungary's fall only in
    /// the action phase (§22.5); England's pregnancy chart results 1 to 6 (§21.3);
    /// the beaten ships' record (§16.1).
    fn check_war_state(&self) -> Result<(), InvalidGame> {
        let cards = &self.war.cards;
        let sides_ok = cards.surprise.is_none_or(|side| side <= 1);
        let dice_ok = cards.extra.iter().chain(&cards.fewer).all(|&n| n <= MAX_CARD_DICE);
        let sea_ok = !self.war.new_war_at_sea || self.phase == Phase::Action;
        if !(sides_ok && dice_ok && sea_ok) {
            return Err(InvalidGame::BattleState);
        }
        let changed_to_henry = self.succession.ruler_changed && self.ruler(Power::England) == Ruler::HenryViii;
        if self.succession.results & !SUCCESSION_RESULTS != 0 || changed_to_henry {
            return Err(InvalidGame::Succession);
        }
        if !self.naval_beaten.fits() {
            return Err(InvalidGame::NavalBeaten);
        }
        Ok(())
    }

    /// Luther's 95 Theses and the Diet of Worms happen on turn 1 only (§7).
    fn check_phase(&self) -> Result<(), InvalidGame> {
        let first_turn_only = matches!(self.phase, Phase::LuthersTheses | Phase::DietOfWorms);
        if first_turn_only && self.turn != 1 {
            return Err(InvalidGame::PhaseOutOfTurn(self.phase));
        }
        Ok(())
    }

    /// The stack as a sentence of the frame grammar: each frame may sit on
    /// the one below it ([`may_sit_on`]), and the outermost belongs to the
    /// phase ([`opens_in`]). Its depth is then at most [`grammar_depth`].
    fn check_stack_shape(&self) -> Result<(), InvalidGame> {
        let mut below: Option<&Frame> = None;
        let mut naval_losses = 0;
        for frame in self.stack.frames() {
            let opens = below.is_some() || opens_in(kind(frame), self.phase);
            naval_losses = if matches!(frame, Frame::NavalLosses { .. }) { naval_losses + 1 } else { 0 };
            if !(opens && frame_sits_on(frame, below)) || naval_losses > 2 {
                return Err(InvalidGame::FrameOutOfPlace);
            }
            below = Some(frame);
        }
        Ok(())
    }

    /// A game that waits for a decision offers the decider at least one
    /// legal action (run last: every other invariant holds by then).
    fn check_decision(&self) -> Result<(), InvalidGame> {
        if self.outcome.is_some() || self.stack.is_empty() {
            return Ok(());
        }
        let mut list = crate::engine::ActionList::new();
        self.legal_actions_into(&mut list);
        if list.is_empty() { Err(InvalidGame::NoLegalAction) } else { Ok(()) }
    }

    /// The procedure in progress fits the position: impulse bookkeeping in
    /// range, each frame's power one someone decides for (a power taking
    /// impulses, or a two-player invader's commander), at most 6 CP
    /// to spend, a formation made of units and leaders that are there.
    fn check_frames(&self) -> Result<(), InvalidGame> {
        let powers = crate::engine::impulse_powers(self.scenario());
        let ok_power = |p: Power| powers.contains(&p);
        let mut ok =
            usize::from(self.impulse_index) <= 2 * powers.len() + 1 && usize::from(self.passes_in_row) <= powers.len();
        // Halley's Comet (#38) skips impulses of powers that take them.
        ok &= self.skip_impulse.iter().all(ok_power);
        // Cards seen in secret (#109) are still in the hand they were seen in.
        ok &= self.seen.fits(&self.hands);
        // The extra debate dice of Thomas More (#112).
        ok &= self.debate_extra_dice <= crate::events::MAX_DEBATE_EXTRA_DICE;
        // #73's restoration while suing waits only for a freed leader's
        // space (ruling DU3): never a decision of its own.
        ok &= !matches!(
            self.stack.top(),
            Some(Frame::Peace { step: crate::frames::peace::PeaceStep::Marriage { .. }, .. })
        );
        for frame in self.stack.frames() {
            // A card battle decides nothing itself: in the two-player game
            // the sacking stack of #95 may be a non-player power's
            // (§21.5: "that stack does not need to be from the same power
            // that plays the event"; ruling RB6).
            let automatic = matches!(frame, Frame::War(crate::frames::battle::War::CardBattle(_)));
            ok &= automatic || self.decides(frame.decider());
            ok &= match *frame {
                Frame::Impulse { .. }
                | Frame::Deployment { .. }
                | Frame::Declarations { .. }
                | Frame::Intervention { .. }
                | Frame::FreeDeclaration { .. }
                | Frame::Displacement { .. }
                | Frame::SuePeace { .. }
                | Frame::DealDisplacement { .. }
                | Frame::Peace { .. }
                | Frame::Ransom { .. }
                | Frame::DiplomaticPlay { .. }
                | Frame::Excommunication { .. }
                | Frame::LeaderReturn { .. }
                | Frame::Universities { .. } => true,
                Frame::Attempts { series } => series.fits(),
                Frame::DebateDefender { .. }
                | Frame::DebateSecondRound { .. }
                | Frame::DebateLuther { .. }
                | Frame::Flips { .. }
                | Frame::CouncilOfTrent { .. } => true,
                Frame::WarPayment { power, owed } => owed[power.index()] > 0,
                Frame::Negotiation { power, proposed } => !proposed.contains(power),
                Frame::Deal { deal, .. } => deal_fits(&deal),
                Frame::DealMercenaries { count, .. } => {
                    (1..=crate::rules::negotiation::MAX_MERCENARIES).contains(&count)
                }
                Frame::LoanPort { power } => crate::rules::loans::waiting_loan(self, power).is_some(),
                // The tie asked is one of its procedure's, its owner's.
                Frame::TieChoice { power, tie, picks } => {
                    self.next_tie(tie, &picks).is_some_and(|(_, owner, _)| owner == power)
                }
                Frame::WinterLand { group, tally, .. } => {
                    Self::winter_group_fits(group) && tally.lost <= tally.left.div_ceil(2)
                }
                Frame::WinterNaval { from, group, .. } => self.winter_fleet_fits(from, group),
                Frame::Arrival { leader, .. } => {
                    let arriving = leader == Leader::MauriceOfSaxony
                        || leader.kind() == LeaderKind::Naval
                        || crate::frames::arrivals::THREAT_TO_POWER_LEADERS.contains(&leader);
                    let away =
                        matches!(self.leader_location(leader), LeaderLocation::Unavailable | LeaderLocation::TurnTrack);
                    arriving && away
                }
                Frame::DietOfWorms { power, picks } => self.diet_picks_fit(power, picks),
                Frame::Spend { power, cp, limit, acting, .. } => {
                    cp <= 6 && Game::spend_limit_fits(limit) && self.acting_fits(power, cp, limit, acting)
                }
                Frame::PlaceLeader { spaces, .. } => !spaces.is_empty(),
                Frame::Event(step) => self.event_step_fits(step),
                Frame::Response(window) => self.window_fits(window),
                Frame::War(war) => self.war_frame_fits(war),
                Frame::Discard { .. } => true,
                Frame::Voyage { explorer, .. } => {
                    self.explorer_at(explorer) == crate::rules::new_world::ExplorerAt::Underway
                }
                Frame::NavalMove { power, from, fleet, leaders, moved } => {
                    moved.fits() && self.naval_frame_fits(power, from, fleet, leaders)
                }
                Frame::Interception { power, from, fleet, leaders, .. } => {
                    self.naval_frame_fits(power, from, fleet, leaders)
                }
                Frame::NavalCombat { .. }
                | Frame::AvoidBattle { .. }
                | Frame::BattleOrder { .. }
                | Frame::CombatCards { .. }
                | Frame::NavalLosses { .. }
                | Frame::NavalRetreat { .. }
                | Frame::PiracyTarget { .. }
                | Frame::PiracyHit { .. } => true,
                Frame::Transport { power, from, units, leaders, minors, .. } => {
                    let own = Faction::from(power);
                    let here = self.land_units(from, own);
                    self.minors_fit(power, from, minors)
                        && units.regulars <= here.regulars
                        && units.mercenaries <= here.mercenaries
                        && units.cavalry <= here.cavalry
                        && leaders.iter().all(|l| {
                            self.leader_location(l) == LeaderLocation::Space(from) && self.leader_owner(l) == Some(own)
                        })
                }
                Frame::Formation { power, from, units, leaders, minors } => {
                    let own = Faction::from(power);
                    let here = self.land_units(from, own);
                    units.regulars <= here.regulars
                        && units.mercenaries <= here.mercenaries
                        && units.cavalry <= here.cavalry
                        && self.minors_fit(power, from, minors)
                        && leaders.iter().all(|l| {
                            self.leader_location(l) == LeaderLocation::Space(from) && self.leader_owner(l) == Some(own)
                        })
                }
                Frame::DeployFormation { power, from, units, leaders, minors } => {
                    let own = Faction::from(power);
                    let here = self.land_units(from, own);
                    units.regulars <= here.regulars
                        && units.mercenaries <= here.mercenaries
                        && units.cavalry <= here.cavalry
                        && self.minors_fit(power, from, minors)
                        && leaders.iter().all(|l| {
                            self.leader_location(l) == LeaderLocation::Space(from) && self.leader_owner(l) == Some(own)
                        })
                }
            };
        }
        if ok { Ok(()) } else { Err(InvalidGame::Frames) }
    }

    /// The Diet of Worms (§18.1): `power` picks now; the powers before it
    /// in the order picked a card they hold and may pick (picks stay in
    /// the hand until the Diet resolves), the others nothing yet.
    fn diet_picks_fit(&self, power: Power, picks: [Option<Card>; 3]) -> bool {
        use crate::frames::debate::DIET_ORDER;
        let Some(at) = DIET_ORDER.iter().position(|&p| p == power) else { return false };
        picks.iter().zip(DIET_ORDER).enumerate().all(|(i, (pick, picker))| match pick {
            Some(card) => i < at && crate::rules::debate::diet_cards(self, picker).contains(*card),
            None => true,
        })
    }

    /// A group returning home in winter (§19): attrition losses still to
    /// take only once a destination is chosen, no more than the group's
    /// units.
    /// Or, with no destination and no units, units over the limit still to
    /// eliminate (W10).
    fn winter_group_fits(group: crate::frames::winter::WinterGroup) -> bool {
        group.losing == 0
            || (group.to.is_some() && u32::from(group.losing) <= land_total(group.units))
            || (group.to.is_none() && group.units.is_empty())
    }

    /// Ships split off a fleet in winter (§19.3, W9): ships of one faction
    /// that are there, fewer than all.
    fn winter_fleet_fits(&self, from: NavalLocation, group: crate::frames::winter::WinterFleet) -> bool {
        if group.ships.total() == 0 {
            return true;
        }
        let here = self.naval_units(from, group.faction);
        here.squadrons >= group.ships.squadrons && here.corsairs >= group.ships.corsairs
    }

    /// Turns 1 to 9 (§7).
    fn check_turn(&self) -> Result<(), InvalidGame> {
        if (1..=LAST_TURN).contains(&self.turn) { Ok(()) } else { Err(InvalidGame::Turn(self.turn)) }
    }

    /// Land stacks: not empty, in play, one per (space, faction), of unit
    /// kinds the faction fields, within each faction's counter mix (§5.2).
    fn check_land_stacks(&self) -> Result<(), InvalidGame> {
        let stacks = self.land.get(..usize::from(self.land_len)).ok_or(InvalidGame::TooManyLandStacks)?;
        for (i, stack) in stacks.iter().enumerate() {
            let (space, faction) = (stack.space, stack.faction);
            if land_total(stack.units) == 0 {
                return Err(InvalidGame::EmptyLandStack { space, faction });
            }
            if !self.in_play(space) {
                return Err(InvalidGame::NotInPlay(space));
            }
            if stacks[..i].iter().any(|s| s.space == space && s.faction == faction) {
                return Err(InvalidGame::DuplicateLandStack { space, faction });
            }
            for (kind, n) in [
                (LandUnitKind::Regular, stack.units.regulars),
                (LandUnitKind::Mercenary, stack.units.mercenaries),
                (LandUnitKind::Cavalry, stack.units.cavalry),
            ] {
                if n > 0 && !powers::fields(faction, kind) {
                    return Err(InvalidGame::UnitKindNotFielded { faction, kind });
                }
            }
            if stack.besieged && !self.siege_fits(space) {
                return Err(InvalidGame::Siege(space));
            }
        }
        for faction in Faction::ALL {
            if !counters::fits_counter_mix(self, faction) {
                return Err(InvalidGame::CounterMixExceeded(faction));
            }
        }
        Ok(())
    }

    /// A siege (§15) is of a fortified space, by a power whose units stand
    /// outside it, or at a battle or assault still being fought
    /// ([`Game::siege_has_besieger`], ruling RB11).
    fn siege_fits(&self, space: Space) -> bool {
        self.is_fortified(space) && self.siege_has_besieger(space)
    }

    /// Naval stacks: not empty, one per (place, faction), ports that are
    /// ports and in play, corsairs Ottoman only, and per faction no more
    /// ships on the map and turn track than naval counters (§5.3).
    fn check_naval_stacks(&self) -> Result<(), InvalidGame> {
        let stacks = self.naval.get(..usize::from(self.naval_len)).ok_or(InvalidGame::TooManyNavalStacks)?;
        let mut ships = self.naval_turn_track.map(naval_total);
        for (i, stack) in stacks.iter().enumerate() {
            let faction = stack.faction;
            if naval_total(stack.units) == 0 {
                return Err(InvalidGame::EmptyNavalStack(faction));
            }
            if stacks[..i].iter().any(|s| s.location == stack.location && s.faction == faction) {
                return Err(InvalidGame::DuplicateNavalStack(faction));
            }
            if let NavalLocation::Port(space) = stack.location {
                self.check_port(space)?;
            }
            self.check_loan(stack)?;
        }
        for faction in Faction::ALL {
            ships[faction.index()] += self.naval_counters_on_map(faction, None);
        }
        for faction in Faction::ALL {
            let on_track = self.naval_turn_track[faction.index()];
            let corsairs = stacks.iter().any(|s| s.faction == faction && s.units.corsairs > 0);
            if faction != Faction::Ottoman && (corsairs || on_track.corsairs > 0) {
                return Err(InvalidGame::CorsairsNotOttoman(faction));
            }
            if ships[faction.index()] > u32::from(powers::naval_counters(faction)) {
                return Err(InvalidGame::NavalCountersExceeded(faction));
            }
        }
        Ok(())
    }

    /// A stack's Loaned markers (§9.2): on a major power's squadrons
    /// (never the Protestant's), from other factions with ships, no more
    /// than its squadrons, and only while loans last (negotiation to winter).
    fn check_loan(&self, stack: &crate::game::NavalStack) -> Result<(), InvalidGame> {
        let total = crate::rules::loans::lent_total(&stack.lent);
        if total == 0 {
            return Ok(());
        }
        let receiver = stack.faction.major().filter(|&p| p != Power::Protestant);
        let lenders_ok = Faction::ALL
            .into_iter()
            .all(|f| stack.lent[f.index()] == 0 || (f != stack.faction && powers::naval_counters(f) > 0));
        if receiver.is_none() || !lenders_ok || total > stack.units.squadrons || !self.loans_may_last() {
            return Err(InvalidGame::BadLoan(stack.faction));
        }
        Ok(())
    }

    /// Loans are made in the diplomacy phase and end in winter (§9.2, §19.1).
    fn loans_may_last(&self) -> bool {
        matches!(
            self.phase,
            Phase::Diplomacy | Phase::DietOfWorms | Phase::SpringDeployment | Phase::Action | Phase::Winter
        )
    }

    /// Naval leaders on loan (§9.2): naval, to a major power other than the
    /// Protestant and their own, while loans last.
    fn check_leader_loans(&self) -> Result<(), InvalidGame> {
        for leader in Leader::ALL {
            let Some(to) = self.leader_loans[leader.index()] else { continue };
            if leader.kind() != LeaderKind::Naval
                || to == Power::Protestant
                || leader.owner() == Some(Faction::from(to))
                || !self.loans_may_last()
            {
                return Err(InvalidGame::BadLoan(Faction::from(to)));
            }
        }
        Ok(())
    }

    /// A space where ships or a naval leader may be: a port, in play.
    fn check_port(&self, space: Space) -> Result<(), InvalidGame> {
        if !space.is_port() {
            Err(InvalidGame::NotAPort(space))
        } else if !self.in_play(space) {
            Err(InvalidGame::NotInPlay(space))
        } else {
            Ok(())
        }
    }

    /// Leaders (§5.1): army leaders on land, naval leaders in ports or at
    /// sea, nobody in a space out of play, the renegade on the map only
    /// with a power to serve (#75), Maurice of Saxony never captured by
    /// the side he serves (#60).
    fn check_leaders(&self) -> Result<(), InvalidGame> {
        for leader in Leader::ALL {
            let location = self.leader_location(leader);
            match (leader.kind(), location) {
                (LeaderKind::Army, LeaderLocation::Sea(_)) => {
                    return Err(InvalidGame::ArmyLeaderAtSea(leader));
                }
                (LeaderKind::Naval, LeaderLocation::Space(space)) => self.check_port(space)?,
                (LeaderKind::Army, LeaderLocation::Space(space)) if !self.in_play(space) => {
                    return Err(InvalidGame::NotInPlay(space));
                }
                _ => {}
            }
        }
        let renegade_on_map =
            matches!(self.leader_location(Leader::Renegade), LeaderLocation::Space(_) | LeaderLocation::Sea(_));
        if renegade_on_map && self.renegade_owner.is_none() {
            return Err(InvalidGame::RenegadeWithoutOwner);
        }
        let maurice = Leader::MauriceOfSaxony;
        if let LeaderLocation::Captured(by) = self.leader_location(maurice) {
            if self.leader_owner(maurice) == Some(Faction::from(by)) {
                return Err(InvalidGame::CapturedBySide(maurice));
            }
        }
        Ok(())
    }

    /// Each power's ruler is one of its own (§3.3); an excommunicated
    /// ruler is recorded as excommunicated in this game (§21.5).
    fn check_rulers(&self) -> Result<(), InvalidGame> {
        for power in Power::ALL {
            let ruler = self.ruler(power);
            if ruler.power() != power {
                return Err(InvalidGame::WrongRuler { power, ruler });
            }
        }
        if let Some(ruler) = self.excommunicated.difference(self.rulers_excommunicated).iter().next() {
            return Err(InvalidGame::ExcommunicationNotRecorded(ruler));
        }
        Ok(())
    }

    /// Wars and alliances: symmetric, between two different factions, never
    /// two minors or the independents, never both; a minor power has at most
    /// one major ally (§22).
    fn check_diplomacy(&self) -> Result<(), InvalidGame> {
        for a in Faction::ALL {
            for b in Faction::ALL {
                let war = self.wars.contains(a, b);
                let alliance = self.alliances.contains(a, b);
                if war != self.wars.contains(b, a) || alliance != self.alliances.contains(b, a) {
                    return Err(InvalidGame::AsymmetricPair(a, b));
                }
                if !(war || alliance) {
                    continue;
                }
                if a == b {
                    return Err(InvalidGame::PairedWithSelf(a));
                }
                let minors = a.minor().is_some() && b.minor().is_some();
                if minors || a == Faction::Independent || b == Faction::Independent {
                    return Err(InvalidGame::ImpossiblePair(a, b));
                }
                if war && alliance {
                    return Err(InvalidGame::WarAndAlliance(a, b));
                }
                if let (true, Some(x), Some(y)) = (war, a.major(), b.major()) {
                    if self.same_player(x, y) {
                        return Err(InvalidGame::Players);
                    }
                }
            }
        }
        for minor in Faction::ALL.into_iter().filter(|f| f.minor().is_some()) {
            let allies = Power::ALL.into_iter().filter(|&p| self.alliances.contains(p.into(), minor)).count();
            if allies > 1 {
                return Err(InvalidGame::SecondAlly(minor));
            }
        }
        for minor in MinorPower::ALL {
            let held = self.phony_war[minor.index()].is_some();
            let can_hold = crate::rules::diplomacy::intervener(minor).is_some();
            if (held && !can_hold) || (self.phony_war_permanent.contains(minor) && !held) {
                return Err(InvalidGame::PhonyWar(minor));
            }
        }
        if !self.negotiated_fits() {
            return Err(InvalidGame::Negotiated);
        }
        Ok(())
    }

    /// The record of the phase's deals (§9.1): only in the diplomacy phase;
    /// nothing given to oneself; cards and mercenaries one way only, within
    /// their limits.
    fn negotiated_fits(&self) -> bool {
        use crate::rules::negotiation::{MAX_CARDS, MAX_MERCENARIES};
        let n = &self.negotiated;
        if n.is_empty() {
            return true;
        }
        let mut ok = self.phase == Phase::Diplomacy;
        for g in 0..Power::COUNT {
            ok &= n.home_ceded[g] & (1 << g) == 0 && n.home_ceded[g] < 1 << Power::COUNT;
            for r in 0..Power::COUNT {
                let (cards, mercs) = (n.cards[g][r], n.mercenaries[g][r]);
                ok &= cards <= MAX_CARDS && mercs <= MAX_MERCENARIES;
                ok &= (g != r || cards + mercs == 0) && (cards == 0 || n.cards[r][g] == 0);
                ok &= mercs == 0 || n.mercenaries[r][g] == 0;
                // §9.2: loans one way, between powers a deal allied, never to the Protestant.
                let (lent, back) = (n.loaned[g] & (1 << r) != 0, n.loaned[r] & (1 << g) != 0);
                let allied = n.allied[g] & (1 << r) != 0;
                ok &= !lent || (!back && allied && r != Power::Protestant.index());
                ok &= (n.allied[g] >> r) & 1 == (n.allied[r] >> g) & 1;
            }
            ok &= n.allied[g] & (1 << g) == 0 && n.allied[g] < 1 << Power::COUNT && n.loaned[g] < 1 << Power::COUNT;
        }
        ok
    }

    /// Religion::Other is exactly the Ottoman home spaces' (§1).
    fn check_religion(&self) -> Result<(), InvalidGame> {
        for space in Space::ALL {
            let ottoman_home = space.home() == Faction::Ottoman;
            if ottoman_home != (self.religion(space) == Religion::Other) {
                return Err(InvalidGame::Religion(space));
            }
            if self.electorate_display.contains(space) && crate::game::electorate_regulars(space) == 0 {
                return Err(InvalidGame::Religion(space));
            }
            // A fortress is built on towns only (#104, #86); a Pirate
            // Haven only in Oran or Tripoli (#89).
            if self.fortresses.contains(space) && space.is_fortified() {
                return Err(InvalidGame::Fortress(space));
            }
            if self.pirate_havens.contains(space) && !crate::rules::construction::PIRATE_HAVENS.contains(&space) {
                return Err(InvalidGame::Fortress(space));
            }
        }
        Ok(())
    }

    /// Cards: each in at most one place; home cards in no hand (nor record
    /// of events played) but their owner's and never in the deck or discard pile (§6.1); diplomacy cards
    /// never in the main deck (§24.3).
    fn check_cards(&self) -> Result<(), InvalidGame> {
        let mut seen = EnumSet::<Card>::EMPTY;
        let dip_places = [&self.dip_deck, &self.dip.discard];
        let places =
            self.hands.iter().chain([&self.deck, &self.discard, &self.removed]).chain(&self.dip.held).chain(dip_places);
        for place in places {
            if let Some(card) = place.intersection(seen).iter().next() {
                return Err(InvalidGame::CardInTwoPlaces(card));
            }
            seen = seen.union(*place);
        }
        for (power, hand) in Power::ALL.into_iter().zip(self.hands) {
            let foreign = hand.iter().find(|c| c.kind() == CardKind::Home && c.owner() != Some(power));
            if let Some(card) = foreign {
                return Err(InvalidGame::HomeCardMisplaced(card));
            }
        }
        // A home card is played as an event only by its owner (§6.1).
        for (power, played) in Power::ALL.into_iter().zip(self.events_played) {
            if let Some(card) = played.iter().find(|c| c.kind() == CardKind::Home && c.owner() != Some(power)) {
                return Err(InvalidGame::HomeCardMisplaced(card));
            }
        }
        let piles = self.deck.union(self.discard);
        if let Some(card) = piles.iter().find(|c| c.kind() == CardKind::Home) {
            return Err(InvalidGame::HomeCardMisplaced(card));
        }
        if let Some(card) = self.deck.iter().find(|c| c.kind() == CardKind::Diplomacy) {
            return Err(InvalidGame::DiplomacyCardInDeck(card));
        }
        // The diplomacy deck is the two-player game's only (§24.3).
        if self.scenario() != crate::game::Scenario::TwoPlayer {
            let held = self.hands.iter().chain(&self.events_played).chain(&self.dip.held);
            let held = held.chain([&self.discard, &self.dip_deck, &self.dip.discard]);
            for place in held {
                if let Some(card) = place.iter().find(|c| c.kind() == CardKind::Diplomacy) {
                    return Err(InvalidGame::DiplomacyCardOutOfGame(card));
                }
            }
        }
        self.check_dip_cards()
    }

    /// The diplomatic deck (§24.3): its piles and the held diplomatic cards
    /// hold only diplomatic cards, which are never in the main hands, main
    /// discards or events played this turn of a six-power game; only the
    /// Papacy and the Protestant hold any; the Protestant's compulsory card
    /// is one it holds; the late cards (#213-#219) are in play only once
    /// added.
    fn check_dip_cards(&self) -> Result<(), InvalidGame> {
        use crate::frames::dip_deck::SIDES;
        let dip = |set: &EnumSet<Card>| set.iter().find(|c| c.kind() != CardKind::Diplomacy);
        let piles = self.dip.held.iter().chain([&self.dip_deck, &self.dip.discard]);
        for set in piles {
            if let Some(card) = dip(set) {
                return Err(InvalidGame::DiplomacyPile(card));
            }
        }
        for (power, held) in Power::ALL.into_iter().zip(&self.dip.held) {
            if let Some(card) = held.iter().next().filter(|_| !SIDES.contains(&power)) {
                return Err(InvalidGame::DiplomacyPile(card));
            }
        }
        for place in self.hands.iter().chain([&self.discard]) {
            if let Some(card) = place.iter().find(|c| c.kind() == CardKind::Diplomacy) {
                return Err(InvalidGame::DiplomacyPile(card));
            }
        }
        if let Some(card) = self.dip.must_play.filter(|&c| !self.dip_hand(Power::Protestant).contains(c)) {
            return Err(InvalidGame::DiplomacyPile(card));
        }
        if !self.dip.late_added {
            let late: EnumSet<Card> =
                Card::ALL.into_iter().filter(|c| c.entry() == crate::data::cards::Entry::Variable).collect();
            let in_play = self.dip.held.iter().fold(self.dip_deck.union(self.dip.discard), |a, h| a.union(*h));
            if let Some(card) = in_play.intersection(late).iter().next() {
                return Err(InvalidGame::DiplomacyPile(card));
            }
        }
        Ok(())
    }

    /// Foreign war cards (§21.7): each within its war's numbers, with unit
    /// kinds its power fields, its event card in no hand or pile; leaders
    /// on a card are army leaders of its power, and its war is on. (Its
    /// units count in the counter mix: `check_land_stacks`.)
    fn check_foreign_wars(&self) -> Result<(), InvalidGame> {
        use crate::rules::foreign_war::card_fits;
        let piles = self.hands.iter().fold(self.deck.union(self.discard).union(self.removed), |a, h| a.union(*h));
        for (war, card) in self.foreign_wars() {
            let own = Faction::from(war.power());
            let fielded = LandUnitKind::ALL.into_iter().all(|k| card.units.count(k) == 0 || powers::fields(own, k));
            if !card_fits(war, card) || !fielded || piles.contains(war.card()) {
                return Err(InvalidGame::ForeignWar(war));
            }
        }
        for leader in Leader::ALL {
            if let LeaderLocation::ForeignWar(war) = self.leader_location(leader) {
                let own = Some(Faction::from(war.power()));
                let fits = leader.kind() == LeaderKind::Army && self.leader_owner(leader) == own;
                if !fits || self.foreign_war(war).is_none() {
                    return Err(InvalidGame::ForeignWar(war));
                }
            }
        }
        Ok(())
    }

    /// VP markers on their tracks, as the editing API keeps them.
    fn check_vp_tracks(&self) -> Result<(), InvalidGame> {
        let on_tracks = self.piracy_vp <= 10
            && self.chateaux_vp <= 6
            && self.st_peters_vp <= 5
            && self.st_peters_cp <= 4
            && matches!(self.heir_vp, 0 | 2 | 5)
            && self.piracy_markers.len() <= crate::rules::piracy::PIRACY_MARKERS;
        if on_tracks { Ok(()) } else { Err(InvalidGame::VpTrack) }
    }

    /// Translation tracks on their boxes (§18.1).
    fn check_translations(&self) -> Result<(), InvalidGame> {
        for zone in LanguageZone::ALL {
            let (nt, fb) = (self.new_testament(zone), self.full_bible(zone));
            if !crate::rules::religion::translation_track_fits(zone, nt, fb) {
                return Err(InvalidGame::TranslationTrack(zone));
            }
        }
        Ok(())
    }
}

/// Extra (or fewer) dice the combat cards of one side can give in one
/// battle: Arquebusiers 2, Field Artillery 3, Siege Mining 3, Tercios 3
/// (#24-#30), with room to spare.
const MAX_CARD_DICE: u8 = 16;

/// England's pregnancy chart results (§21.3): bits 1 to 6.
const SUCCESSION_RESULTS: u8 = 0b0111_1110;

/// Declares `Kind` and `Kind::ALL` from one list.
macro_rules! kinds {
    ($($kind:ident),* $(,)?) => {
        /// The kind of a frame: one per `Frame` variant, the land war's one per
        /// `War` variant. The frame grammar is stated over kinds.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub(crate) enum Kind {
            $($kind),*
        }

        impl Kind {
            /// Every kind, for the depth bound's test.
            #[cfg(test)]
            pub(crate) const ALL: [Kind; [$(Kind::$kind),*].len()] = [$(Kind::$kind),*];
        }
    };
}

kinds! {
    Impulse,
    Spend,
    EventSpend,
    Formation,
    Deployment,
    DeployFormation,
    Declarations,
    Intervention,
    FreeDeclaration,
    Displacement,
    TieChoice,
    WarPayment,
    Arrival,
    WinterNaval,
    WinterLand,
    NavalMove,
    SuePeace,
    Negotiation,
    Deal,
    DealDisplacement,
    DealMercenaries,
    LoanPort,
    Peace,
    Ransom,
    DiplomaticPlay,
    Excommunication,
    LeaderReturn,
    Attempts,
    Universities,
    DebateDefender,
    DebateSecondRound,
    Flips,
    DietOfWorms,
    CouncilOfTrent,
    PlaceLeader,
    Event,
    Response,
    DebateLuther,
    NavalCombat,
    Interception,
    AvoidBattle,
    BattleOrder,
    CombatCards,
    NavalLosses,
    NavalRetreat,
    Transport,
    PiracyTarget,
    PiracyHit,
    WarEntry,
    WarAssault,
    WarCardBattle,
    WarIntercept,
    WarAvoid,
    WarWithdraw,
    WarOnward,
    WarSortie,
    WarCombatCards,
    WarLosses,
    WarRetreat,
    Discard,
    Voyage,
}

/// A deal in a frame (§9.1): two different parties; givers among them; at
/// most the limits; mercenaries listed first.
fn deal_fits(deal: &crate::rules::negotiation::Deal) -> bool {
    use crate::rules::negotiation::MAX_CARDS;
    let party = |p: Option<Power>| p.is_none_or(|p| deal.is_party(p));
    let compact = deal.mercenaries.windows(2).all(|w| w[0].is_some() || w[1].is_none());
    deal.proposer != deal.recipient
        && party(deal.card_giver)
        && party(deal.mercenary_giver)
        && deal.cards <= MAX_CARDS
        && (deal.cards == 0) == deal.card_giver.is_none()
        && (deal.mercenary_count() == 0) == deal.mercenary_giver.is_none()
        && compact
        && loan_fits(deal)
}

/// A deal's loan (§9.2): a party lends, never to the Protestant; ports
/// listed first; leaders only with squadrons.
fn loan_fits(deal: &crate::rules::negotiation::Deal) -> bool {
    let compact = deal.lent_squadrons.windows(2).all(|w| w[0].is_some() || w[1].is_none());
    let lends = deal.lent_count() > 0;
    match deal.lender {
        None => !lends && deal.lent_leaders.is_empty(),
        Some(lender) => {
            deal.is_party(lender)
                && deal.other(lender) != Power::Protestant
                && lends
                && compact
                && deal.lent_leaders.iter().all(|l| l.kind() == LeaderKind::Naval)
                && deal.lent_squadrons.iter().flatten().all(|s| s.is_port())
        }
    }
}

/// The kind of `frame`.
pub(crate) fn kind(frame: &Frame) -> Kind {
    use crate::frames::battle::War;
    match frame {
        Frame::Impulse { .. } => Kind::Impulse,
        Frame::Spend { limit: None, .. } => Kind::Spend,
        Frame::Spend { limit: Some(_), .. } => Kind::EventSpend,
        Frame::Formation { .. } => Kind::Formation,
        Frame::Deployment { .. } => Kind::Deployment,
        Frame::DeployFormation { .. } => Kind::DeployFormation,
        Frame::Declarations { .. } => Kind::Declarations,
        Frame::Intervention { .. } => Kind::Intervention,
        Frame::FreeDeclaration { .. } => Kind::FreeDeclaration,
        Frame::Displacement { .. } => Kind::Displacement,
        Frame::TieChoice { .. } => Kind::TieChoice,
        Frame::WarPayment { .. } => Kind::WarPayment,
        Frame::Arrival { .. } => Kind::Arrival,
        Frame::WinterNaval { .. } => Kind::WinterNaval,
        Frame::WinterLand { .. } => Kind::WinterLand,
        Frame::NavalMove { .. } => Kind::NavalMove,
        Frame::SuePeace { .. } => Kind::SuePeace,
        Frame::Negotiation { .. } => Kind::Negotiation,
        Frame::Deal { .. } => Kind::Deal,
        Frame::DealDisplacement { .. } => Kind::DealDisplacement,
        Frame::DealMercenaries { .. } => Kind::DealMercenaries,
        Frame::LoanPort { .. } => Kind::LoanPort,
        Frame::Peace { .. } => Kind::Peace,
        Frame::Ransom { .. } => Kind::Ransom,
        Frame::DiplomaticPlay { .. } => Kind::DiplomaticPlay,
        Frame::Excommunication { .. } => Kind::Excommunication,
        Frame::LeaderReturn { .. } => Kind::LeaderReturn,
        Frame::Attempts { .. } => Kind::Attempts,
        Frame::Universities { .. } => Kind::Universities,
        Frame::DebateDefender { .. } => Kind::DebateDefender,
        Frame::DebateSecondRound { .. } => Kind::DebateSecondRound,
        Frame::Flips { .. } => Kind::Flips,
        Frame::DietOfWorms { .. } => Kind::DietOfWorms,
        Frame::CouncilOfTrent { .. } => Kind::CouncilOfTrent,
        Frame::PlaceLeader { .. } => Kind::PlaceLeader,
        Frame::Event(_) => Kind::Event,
        Frame::Response(_) => Kind::Response,
        Frame::DebateLuther { .. } => Kind::DebateLuther,
        Frame::NavalCombat { .. } => Kind::NavalCombat,
        Frame::Interception { .. } => Kind::Interception,
        Frame::AvoidBattle { .. } => Kind::AvoidBattle,
        Frame::BattleOrder { .. } => Kind::BattleOrder,
        Frame::CombatCards { .. } => Kind::CombatCards,
        Frame::NavalLosses { .. } => Kind::NavalLosses,
        Frame::NavalRetreat { .. } => Kind::NavalRetreat,
        Frame::Transport { .. } => Kind::Transport,
        Frame::PiracyTarget { .. } => Kind::PiracyTarget,
        Frame::PiracyHit { .. } => Kind::PiracyHit,
        Frame::War(War::Entry(_)) => Kind::WarEntry,
        Frame::War(War::Assault(_)) => Kind::WarAssault,
        Frame::War(War::CardBattle(_)) => Kind::WarCardBattle,
        Frame::War(War::Intercept { .. }) => Kind::WarIntercept,
        Frame::War(War::Avoid { .. }) => Kind::WarAvoid,
        Frame::War(War::Withdraw { .. }) => Kind::WarWithdraw,
        Frame::War(War::Onward { .. }) => Kind::WarOnward,
        Frame::War(War::Sortie { .. }) => Kind::WarSortie,
        Frame::War(War::CombatCards { .. }) => Kind::WarCombatCards,
        Frame::War(War::Losses { .. }) => Kind::WarLosses,
        Frame::War(War::Retreat { .. }) => Kind::WarRetreat,
        Frame::Discard { .. } => Kind::Discard,
        Frame::Voyage { .. } => Kind::Voyage,
    }
}

/// The frame grammar: which frame kinds `frame` may sit on (`None`: the
/// bottom of the stack). One arm per group of kinds; the engine pushes only
/// what this allows (the random-play tests validate every position), and
/// a loaded game must fit it.
///
/// Depth bound: apart from the self-loops (`Arrival`, `WarRetreat`,
/// `PlaceLeader`, `NavalLosses`, `NavalRetreat`), the kinds form a DAG whose longest chain
/// is [`GRAMMAR_CHAIN`] = 6. The self-loops are bounded by the data
/// ([`frame_sits_on`]): `Arrival` frames stack one per arriving leader in
/// rising `Leader` order, and only Maurice of Saxony and the 3 naval
/// leaders arrive (§8): 4; the retreats of a broken siege or of a lost
/// field battle's defenders stack one per power in falling `Power` order,
/// at most 6, on at most 3 frames (`Spend`, `EventSpend`, `WarAssault` or
/// `WarEntry`): 9; the League's two leaders: 3; the two sides' naval
/// losses on `Spend` and `NavalCombat`: 4; the sides retreating from a
/// port the Control action took (§12.2), one per power, on `Spend`: 7. So no valid stack is deeper
/// than [`grammar_depth`] = max(6, 4, 9, 3, 4) = 9, which sizes
/// `frames::MAX_FRAMES` (a test checks `grammar_depth() <= MAX_FRAMES`).
pub(crate) fn may_sit_on(frame: Kind, below: Option<Kind>) -> bool {
    use Kind::*;
    match frame {
        // Phase steps (§8-§10, §18.1, §19): alone on the stack.
        Impulse | Spend | Deployment | DeployFormation | Declarations | WarPayment | SuePeace | Ransom
        | DiplomaticPlay | Excommunication | Negotiation | WinterNaval | WinterLand | DietOfWorms | Voyage => {
            below.is_none()
        }
        // Leaders arriving at the card draw (§8): one frame per leader.
        Arrival => matches!(below, None | Some(Arrival)),
        // CP an event gives for limited uses (Scots Raid, #97): on the
        // mandatory event's own CP, spent first.
        EventSpend => below == Some(Spend),
        // CP actions (§11.2) and what their CP start: on the spent CP, or
        // alone when an event or a phase step starts them; moves and
        // assaults also on an event's limited CP.
        Transport => below == Some(Spend),
        Formation => matches!(below, Some(Spend | EventSpend)),
        NavalMove | NavalCombat | PiracyTarget | PiracyHit => matches!(below, None | Some(Spend)),
        WarEntry | WarAssault => matches!(below, None | Some(Spend | EventSpend)),
        // A battle fought for a card (#95 Sack of Rome, a foreign war's
        // Fight Foreign War action): alone or on the CP left.
        WarCardBattle => matches!(below, None | Some(Spend)),
        // Religious procedures and card events (§18, §21): alone, or on
        // the CP of the card that started them.
        Attempts | Universities | DebateDefender | DebateSecondRound | DebateLuther | Flips | CouncilOfTrent
        | Discard => matches!(below, None | Some(Spend)),
        // The Schmalkaldic League's two leaders (#13, §21.6) may both wait
        // for the Protestant's choice (`frame_sits_on`: Philip of Hesse on
        // John Frederick).
        PlaceLeader => matches!(below, None | Some(Spend | PlaceLeader)),
        // A card event's own decisions (`Frame::Event`): alone, on the CP
        // of the card, or in a power's spring deployment decision (#102).
        // Also a response card's decisions above its window, or above a
        // battle's combat-card window (Professional Rowers' side, #34).
        // In the declarations of war segment: #73 played at the declarer's
        // turn, or the reinforcement of an intervention paid with #69 or
        // #108 (rulings DU1, DU2).
        Event => {
            matches!(below, None | Some(Spend | Deployment | Response | CombatCards | WarCombatCards | Declarations))
        }
        // A response window (§6.1): alone (the start of an impulse, an
        // event announced), on the CP committed to an action or an event's
        // CP, or on a naval interception or the naval war whose roll it
        // answers (Professional Rowers, #34).
        Response => matches!(below, None | Some(Spend | EventSpend | Interception | NavalCombat)),
        // Interventions after a declaration of war (§9.6 steps 4-5, §22.2),
        // also after Six Wives' declaration (#3, on its CP).
        // Above the reinforcement of an intervention paid with #69 or #108
        // (ruling DU1).
        Intervention => matches!(below, Some(Declarations | Spend | Event)),
        // Ties of a procedure that sends units to the nearest space
        // (`frames::ties`): where a card event, an activation or the
        // League runs: alone, on the CP, the declarations or an event.
        TieChoice => matches!(below, None | Some(Declarations | Spend | Event)),
        // Also around a card's activation (#69, #108, #73; ruling AL6):
        // alone in the action phase, or at a declarer's turn (#73).
        FreeDeclaration | Displacement => matches!(below, None | Some(Declarations | Spend | Event)),
        // Negotiation (§9.1): a deal on its proposer's turn, the owners'
        // choices on the deal taking effect.
        Deal => below == Some(Negotiation),
        DealDisplacement | DealMercenaries | LoanPort => below == Some(Deal),
        // Peace and ransom (§9.3, §9.4); a leader a deal returns (§9.1).
        Peace => below == Some(SuePeace),
        LeaderReturn => matches!(below, Some(Peace | Ransom | Deal)),
        // The naval war's decisions (§16.1 steps 4-7, §16.2).
        Interception | AvoidBattle | BattleOrder | CombatCards => below == Some(NavalCombat),
        // After a naval battle, or from a port the Control action took
        // (§12.2: on the impulse's Spend frame, or alone once it is spent).
        NavalRetreat => matches!(below, None | Some(NavalCombat | Spend | NavalRetreat)),
        // Both sides of a naval battle may choose whose squadrons they
        // lose: the attacker's choice waits on the defender's (ruling RB9;
        // two at most, `check_stack_shape`).
        NavalLosses => matches!(below, Some(NavalCombat | NavalLosses)),
        // The land war's decisions (§13.2-§13.4, §14, §15).
        WarIntercept | WarAvoid | WarWithdraw | WarOnward | WarSortie => below == Some(WarEntry),
        WarCombatCards => matches!(below, Some(WarEntry | WarAssault | WarCardBattle)),
        WarLosses => matches!(below, Some(WarEntry | WarAssault)),
        WarRetreat => matches!(below, None | Some(Spend | EventSpend | WarEntry | WarAssault | WarRetreat)),
    }
}

/// [`may_sit_on`] with the frames' data: arriving leaders stack in rising
/// `Leader` order (§8, `frames::arrivals`); the besiegers of a broken
/// siege, or the defenders of a lost field battle (§9.2 joint defence,
/// ruling RB9), retreat one power after the other, the first in impulse
/// order on top (§15.3, `frames::siege`, `frames::battle::aftermath`); the
/// two sides' naval losses of one battle, at the same place.
pub(crate) fn frame_sits_on(frame: &Frame, below: Option<&Frame>) -> bool {
    use crate::frames::battle::{RetreatKind, War};
    let data_fits = match (frame, below) {
        (Frame::Arrival { leader, .. }, Some(Frame::Arrival { leader: under, .. })) => under.index() < leader.index(),
        (Frame::PlaceLeader { leader, .. }, Some(Frame::PlaceLeader { leader: under, .. })) => {
            (*under, *leader) == (Leader::JohnFrederick, Leader::PhilipOfHesse)
        }
        (
            Frame::War(War::Retreat { power, space, kind, .. }),
            Some(Frame::War(War::Retreat { power: p, space: s, kind: k, .. })),
        ) => {
            matches!(
                (kind, k),
                (RetreatKind::BreakSiege, RetreatKind::BreakSiege)
                    | (RetreatKind::Defeated { .. }, RetreatKind::Defeated { .. })
            ) && space == s
                && p.index() > power.index()
        }
        (Frame::NavalLosses { power, at, .. }, Some(Frame::NavalLosses { power: p, at: a, .. })) => {
            at == a && power != p
        }
        (Frame::NavalRetreat { power, from, .. }, Some(Frame::NavalRetreat { power: p, from: f, .. })) => {
            from == f && power != p
        }
        (Frame::Event(step), Some(Frame::Declarations { .. })) => {
            matches!(step.card, Card::AuldAlliance | Card::VenetianAlliance | Card::DiplomaticMarriage)
        }
        (
            Frame::Intervention { power, .. }
            | Frame::FreeDeclaration { activator: power, declarer: Some(_), .. }
            | Frame::Displacement { activator: power, .. },
            Some(Frame::Event(step)),
        ) => matches!(step.card, Card::AuldAlliance | Card::VenetianAlliance) && step.power == *power,
        // A card's activation (ruling AL6) waits alone or on the
        // declarations; an intervention's never alone.
        (Frame::FreeDeclaration { declarer, .. }, below) => match declarer {
            Some(_) => below.is_some(),
            None => matches!(below, None | Some(Frame::Declarations { .. })),
        },
        _ => true,
    };
    data_fits && may_sit_on(kind(frame), below.map(kind))
}

/// Whether a frame of `kind` may be the outermost one in `phase`: each
/// phase's own steps in it, CP actions and their procedures in the action
/// phase, card events in any phase (events are played in several).
pub(crate) fn opens_in(kind: Kind, phase: Phase) -> bool {
    use Kind::*;
    match kind {
        Arrival => matches!(phase, Phase::CardDraw | Phase::Diplomacy),
        Declarations | WarPayment | SuePeace | Ransom | Excommunication | Negotiation | DiplomaticPlay => {
            phase == Phase::Diplomacy
        }
        Deal | DealDisplacement | DealMercenaries | LoanPort => phase == Phase::Diplomacy,
        DietOfWorms => phase == Phase::DietOfWorms,
        // A card's activation asks for free declarations, and displaces
        // the units of those who declared (ruling AL6).
        FreeDeclaration | Displacement => phase == Phase::Action,
        // #207's granted divorce calls a debate in the diplomacy phase.
        Flips => matches!(phase, Phase::Action | Phase::DietOfWorms | Phase::Diplomacy),
        DebateDefender | DebateSecondRound | DebateLuther => matches!(phase, Phase::Action | Phase::Diplomacy),
        Attempts => matches!(phase, Phase::Action | Phase::LuthersTheses),
        Deployment | DeployFormation => phase == Phase::SpringDeployment,
        WinterNaval | WinterLand => phase == Phase::Winter,
        // A port the Control action took, once its CP are spent (§12.2).
        NavalRetreat => phase == Phase::Action,
        // Ties of a deactivation or activation by an event (action or
        // diplomacy phase) or of the League (also forced in winter).
        TieChoice => matches!(phase, Phase::Action | Phase::Diplomacy | Phase::Winter),
        Voyage => phase == Phase::NewWorld,
        Universities | PlaceLeader => matches!(phase, Phase::Action | Phase::Winter),
        // A siege broken in winter retreats the besiegers (§19).
        WarRetreat => matches!(phase, Phase::Action | Phase::Winter),
        Impulse | Spend | EventSpend | NavalMove | NavalCombat | PiracyTarget | PiracyHit | WarEntry | WarAssault
        | WarCardBattle | CouncilOfTrent | Response => phase == Phase::Action,
        Event | Discard => true,
        _ => false,
    }
}

/// The deepest stack the grammar allows: the longest chain of kinds each
/// sitting on the next (the self-loop of `Arrival` aside), or the arriving
/// leaders' frames (Maurice of Saxony and the naval leaders, §8).
#[cfg(test)]
pub(crate) fn grammar_depth() -> usize {
    let arrivals = 1 + Leader::ALL.into_iter().filter(|l| l.kind() == LeaderKind::Naval).count();
    let retreats = RETREAT_CHAIN - 1 + Power::COUNT;
    arrivals.max(retreats).max(GRAMMAR_CHAIN)
}

/// The longest chain of the kind DAG (see [`may_sit_on`]), checked by a
/// test: `Spend`, `NavalCombat`, `Interception`, `Response`, `Event` (a
/// Professional Rowers choice in the window of a naval interception roll,
/// in a naval move's combat, on spent CP), and at the kind level a
/// `Displacement` on that `Event` (ruling DU1; [`frame_sits_on`] allows it
/// only on #69's or #108's reinforcement, itself only on `Declarations`).
#[cfg(test)]
const GRAMMAR_CHAIN: usize = 6;

/// The longest chain ending in one `WarRetreat` frame (`Spend`,
/// `EventSpend`, `WarAssault`, `WarRetreat`), checked by a test: a broken
/// siege stacks one retreat per power on it.
#[cfg(test)]
const RETREAT_CHAIN: usize = 4;

/// Land units in a stack, added without overflow (the stack is unchecked).
fn land_total(units: LandUnits) -> u32 {
    u32::from(units.regulars) + u32::from(units.mercenaries) + u32::from(units.cavalry)
}

/// Ships in a stack, added without overflow.
fn naval_total(units: NavalUnits) -> u32 {
    u32::from(units.squadrons) + u32::from(units.corsairs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{LandStack, NavalStack, Scenario, Setup};
    use crate::types::{MinorPower, Phase, SeaZone};

    fn empty() -> Game {
        Game::empty(Setup::new(Scenario::Y1517, 1))
    }

    /// A small legal position: Ottoman and Hapsburg units, ships, leaders, war.
    fn position() -> Game {
        let mut g = empty();
        let units = LandUnits { regulars: 4, mercenaries: 0, cavalry: 2 };
        g.set_land_units(Space::Buda, Faction::Ottoman, units).unwrap();
        g.set_besieged_units(Space::Buda, Faction::HungaryBohemia, LandUnits::regulars(2)).unwrap();
        g.set_naval_units(
            NavalLocation::Sea(SeaZone::AegeanSea),
            Faction::Ottoman,
            NavalUnits { squadrons: 2, corsairs: 1 },
        )
        .unwrap();
        g.set_leader(Leader::Suleiman, LeaderLocation::Space(Space::Buda)).unwrap();
        g.set_war(Power::Ottoman, MinorPower::HungaryBohemia, true).unwrap();
        g.give_card(Power::Ottoman, Card::Janissaries).unwrap();
        g
    }

    #[test]
    fn start_positions_and_edits_are_valid() {
        for scenario in Scenario::ALL {
            assert_eq!(Game::empty(Setup::new(scenario, 1)).validate(), Ok(()));
            assert_eq!(Game::new(Setup::new(scenario, 1)).validate(), Ok(()));
        }
        assert_eq!(position().validate(), Ok(()));
    }

    #[test]
    fn turn_runs_from_one_to_nine() {
        let mut g = empty();
        g.turn = 0;
        assert_eq!(g.validate(), Err(InvalidGame::Turn(0)));
        g.turn = 10;
        assert_eq!(g.validate(), Err(InvalidGame::Turn(10)));
        g.turn = 9;
        assert_eq!(g.validate(), Ok(()));
    }

    #[test]
    fn land_stacks() {
        let mut g = position();
        g.land_len = 133;
        assert_eq!(g.validate(), Err(InvalidGame::TooManyLandStacks));

        let mut g = position();
        g.land.raw_mut()[0].units = LandUnits::NONE;
        let (space, faction) = (Space::Buda, Faction::Ottoman);
        assert_eq!(g.validate(), Err(InvalidGame::EmptyLandStack { space, faction }));

        let mut g = position();
        g.land.raw_mut()[1].faction = Faction::Ottoman;
        assert_eq!(g.validate(), Err(InvalidGame::DuplicateLandStack { space, faction }));

        // Algiers is out of play in 1517 until Barbary Pirates (#9).
        let mut g = position();
        g.land.raw_mut()[0].space = Space::Algiers;
        assert_eq!(g.validate(), Err(InvalidGame::NotInPlay(Space::Algiers)));

        let mut g = position();
        g.land.raw_mut()[0].units.mercenaries = 1;
        assert_eq!(g.validate(), Err(InvalidGame::UnitKindNotFielded { faction, kind: LandUnitKind::Mercenary }));

        // A siege is of a fortified space (§15): both stacks in Mohacs, a
        // town, cannot be a siege at all.
        let mut g = position();
        g.land.raw_mut()[0].space = Space::Mohacs;
        g.land.raw_mut()[1].space = Space::Mohacs;
        assert_eq!(g.validate(), Err(InvalidGame::Siege(Space::Mohacs)));

        // Hungary-Bohemia's counters show 10 units at most (§5.2).
        let mut g = position();
        g.land.raw_mut()[1].units.regulars = 11;
        assert_eq!(g.validate(), Err(InvalidGame::CounterMixExceeded(Faction::HungaryBohemia)));
        // Amounts that would overflow a u8 sum are refused, not a panic.
        g.land.raw_mut()[1].units = LandUnits { regulars: 200, mercenaries: 200, cavalry: 200 };
        assert!(g.validate().is_err());
    }

    #[test]
    fn naval_stacks() {
        let mut g = position();
        g.naval_len = 34;
        assert_eq!(g.validate(), Err(InvalidGame::TooManyNavalStacks));

        let mut g = position();
        g.naval[0].units = NavalUnits::NONE;
        assert_eq!(g.validate(), Err(InvalidGame::EmptyNavalStack(Faction::Ottoman)));

        let mut g = position();
        g.naval[1] = g.naval[0];
        g.naval_len = 2;
        assert_eq!(g.validate(), Err(InvalidGame::DuplicateNavalStack(Faction::Ottoman)));

        let mut g = position();
        g.naval[0].location = NavalLocation::Port(Space::Buda);
        assert_eq!(g.validate(), Err(InvalidGame::NotAPort(Space::Buda)));

        let mut g = position();
        g.naval[0].location = NavalLocation::Port(Space::Algiers);
        assert_eq!(g.validate(), Err(InvalidGame::NotInPlay(Space::Algiers)));

        let mut g = position();
        g.naval[0].faction = Faction::France;
        assert_eq!(g.validate(), Err(InvalidGame::CorsairsNotOttoman(Faction::France)));
        let mut g = position();
        g.naval_turn_track[Faction::Venice.index()].corsairs = 1;
        assert_eq!(g.validate(), Err(InvalidGame::CorsairsNotOttoman(Faction::Venice)));

        // The Ottoman has 9 naval counters: 3 at sea, 7 on the turn track.
        let mut g = position();
        g.naval_turn_track[Faction::Ottoman.index()] = NavalUnits::squadrons(7);
        assert_eq!(g.validate(), Err(InvalidGame::NavalCountersExceeded(Faction::Ottoman)));
        g.naval_turn_track[Faction::Ottoman.index()] = NavalUnits::squadrons(6);
        assert_eq!(g.validate(), Ok(()));
        // Overflowing amounts are refused, not a panic.
        g.naval[0].units = NavalUnits { squadrons: 255, corsairs: 255 };
        assert!(g.validate().is_err());
    }

    #[test]
    fn leaders() {
        let mut g = position();
        g.leaders[Leader::Suleiman.index()] = LeaderLocation::Sea(SeaZone::BlackSea);
        assert_eq!(g.validate(), Err(InvalidGame::ArmyLeaderAtSea(Leader::Suleiman)));

        let mut g = position();
        g.leaders[Leader::Barbarossa.index()] = LeaderLocation::Space(Space::Buda);
        assert_eq!(g.validate(), Err(InvalidGame::NotAPort(Space::Buda)));
        g.leaders[Leader::Barbarossa.index()] = LeaderLocation::Space(Space::Istanbul);
        assert_eq!(g.validate(), Ok(()));
        g.leaders[Leader::Barbarossa.index()] = LeaderLocation::Space(Space::Algiers);
        assert_eq!(g.validate(), Err(InvalidGame::NotInPlay(Space::Algiers)));

        let mut g = position();
        g.leaders[Leader::Ibrahim.index()] = LeaderLocation::Space(Space::Algiers);
        assert_eq!(g.validate(), Err(InvalidGame::NotInPlay(Space::Algiers)));

        let mut g = position();
        g.leaders[Leader::Renegade.index()] = LeaderLocation::Space(Space::Lyon);
        assert_eq!(g.validate(), Err(InvalidGame::RenegadeWithoutOwner));
        g.renegade_owner = Some(Power::France);
        assert_eq!(g.validate(), Ok(()));
    }

    #[test]
    fn rulers_rule_their_own_power() {
        let mut g = position();
        g.rulers[Power::England.index()] = Ruler::FrancisI;
        assert_eq!(g.validate(), Err(InvalidGame::WrongRuler { power: Power::England, ruler: Ruler::FrancisI }));
    }

    #[test]
    fn wars_and_alliances() {
        let (france, venice) = (Faction::France, Faction::Venice);
        let mut g = position();
        g.wars.set(france, france, true);
        assert_eq!(g.validate(), Err(InvalidGame::PairedWithSelf(france)));

        let mut g = position();
        g.alliances.set(Faction::Genoa, venice, true);
        assert_eq!(g.validate(), Err(InvalidGame::ImpossiblePair(Faction::Genoa, venice)));

        let mut g = position();
        g.wars.set(france, Faction::Independent, true);
        assert_eq!(g.validate(), Err(InvalidGame::ImpossiblePair(france, Faction::Independent)));

        let mut g = position();
        g.wars.set(france, venice, true);
        g.alliances.set(france, venice, true);
        assert_eq!(g.validate(), Err(InvalidGame::WarAndAlliance(france, venice)));

        // A minor power has one major ally at most (§22).
        let mut g = position();
        g.set_alliance(Power::France, MinorPower::Venice, true).unwrap();
        assert_eq!(g.validate(), Ok(()));
        g.alliances.set(Faction::Hapsburg, venice, true);
        assert_eq!(g.validate(), Err(InvalidGame::SecondAlly(venice)));
    }

    #[test]
    fn other_religion_is_the_ottoman_homes_only() {
        let mut g = position();
        g.religion.raw_mut()[Space::Istanbul as usize] = Religion::Catholic;
        assert_eq!(g.validate(), Err(InvalidGame::Religion(Space::Istanbul)));

        let mut g = position();
        g.religion.raw_mut()[Space::Paris as usize] = Religion::Other;
        assert_eq!(g.validate(), Err(InvalidGame::Religion(Space::Paris)));
    }

    #[test]
    fn cards() {
        let mut g = position();
        g.give_card(Power::France, Card::MasterOfItaly).unwrap();
        g.hands[Power::England.index()].insert(Card::MasterOfItaly);
        assert_eq!(g.validate(), Err(InvalidGame::CardInTwoPlaces(Card::MasterOfItaly)));

        let mut g = position();
        g.discard_card(Card::MasterOfItaly).unwrap();
        g.removed.insert(Card::MasterOfItaly);
        assert_eq!(g.validate(), Err(InvalidGame::CardInTwoPlaces(Card::MasterOfItaly)));

        // Home cards: only their owner's hand (or out of the game).
        let mut g = position();
        g.hands[Power::Ottoman.index()].remove(Card::Janissaries);
        g.hands[Power::France.index()].insert(Card::Janissaries);
        assert_eq!(g.validate(), Err(InvalidGame::HomeCardMisplaced(Card::Janissaries)));
        g.hands[Power::France.index()].remove(Card::Janissaries);
        g.discard.insert(Card::Janissaries);
        assert_eq!(g.validate(), Err(InvalidGame::HomeCardMisplaced(Card::Janissaries)));
        g.discard.remove(Card::Janissaries);
        g.removed.insert(Card::Janissaries);
        assert_eq!(g.validate(), Ok(()));

        let dip = Card::ALL[Card::COUNT - 1];
        assert_eq!(dip.kind(), CardKind::Diplomacy);
        let mut g = position();
        g.deck.insert(dip);
        assert_eq!(g.validate(), Err(InvalidGame::DiplomacyCardInDeck(dip)));
    }

    #[test]
    fn vp_markers_stay_on_their_tracks() {
        type SetMarker = fn(&mut Game, u8);
        let markers: [(SetMarker, u8); 3] =
            [(|g, vp| g.piracy_vp = vp, 10), (|g, vp| g.chateaux_vp = vp, 6), (|g, vp| g.st_peters_vp = vp, 5)];
        for (set, top) in markers {
            let mut g = position();
            set(&mut g, top);
            assert_eq!(g.validate(), Ok(()));
            set(&mut g, top + 1);
            assert_eq!(g.validate(), Err(InvalidGame::VpTrack));
        }
        let mut g = position();
        g.heir_vp = 3;
        assert_eq!(g.validate(), Err(InvalidGame::VpTrack));
    }

    /// The longest chain of kinds ending in `top`, each sitting on the next
    /// (the `Arrival` self-loop aside); 0 if `top` can sit nowhere.
    fn chain(top: Kind, depth: usize) -> usize {
        assert!(depth <= Kind::ALL.len(), "the frame grammar has a cycle through {top:?}");
        let bottom = usize::from(may_sit_on(top, None));
        let above = Kind::ALL
            .into_iter()
            .filter(|&b| {
                !(b == top
                    && matches!(
                        top,
                        Kind::Arrival | Kind::WarRetreat | Kind::PlaceLeader | Kind::NavalLosses | Kind::NavalRetreat
                    ))
                    && may_sit_on(top, Some(b))
            })
            .map(|b| chain(b, depth + 1))
            .filter(|&n| n > 0)
            .max()
            .map_or(0, |n| n + 1);
        bottom.max(above)
    }

    #[test]
    fn the_frame_grammar_bounds_the_stack() {
        let longest = Kind::ALL.into_iter().map(|k| chain(k, 0)).max().unwrap_or(0);
        assert_eq!(longest, GRAMMAR_CHAIN);
        assert_eq!(chain(Kind::WarRetreat, 0), RETREAT_CHAIN);
        // Every kind can be reached: it sits on the bottom or on a kind that can.
        for k in Kind::ALL {
            assert!(chain(k, 0) > 0, "{k:?} can never be on the stack");
        }
        assert_eq!(grammar_depth(), 9);
        assert!(grammar_depth() <= crate::frames::MAX_FRAMES);
    }

    #[test]
    fn arriving_leaders_stack_in_leader_order() {
        let maurice = Frame::Arrival { power: Power::Protestant, leader: Leader::MauriceOfSaxony };
        let doria = Frame::Arrival { power: Power::France, leader: Leader::AndreaDoria };
        assert!(frame_sits_on(&maurice, None));
        let (low, high) = if Leader::MauriceOfSaxony.index() < Leader::AndreaDoria.index() {
            (maurice, doria)
        } else {
            (doria, maurice)
        };
        assert!(frame_sits_on(&high, Some(&low)));
        assert!(!frame_sits_on(&low, Some(&high)));
        assert!(!frame_sits_on(&low, Some(&low)));
    }

    /// Ruling RB9: the defenders of a lost field battle (a joint defence,
    /// §9.2) retreat one power after the other, the first in impulse order
    /// on top, as the besiegers of a broken siege do (long run, 1532 seed
    /// 1,046,978: the Ottoman and England beaten at Sofia).
    #[test]
    fn joint_defenders_retreat_one_after_the_other() {
        use crate::frames::battle::{Garrison, RetreatKind, War};
        let retreat = |power: Power, kind: RetreatKind| {
            Frame::War(War::Retreat { power, space: Space::Sofia, kind, garrison: Garrison::default(), captor: None })
        };
        let defeated = RetreatKind::Defeated { barred: Some(Space::Salonika), may_garrison: false };
        let (ottoman, england) = (retreat(Power::Ottoman, defeated), retreat(Power::England, defeated));
        assert!(frame_sits_on(&ottoman, Some(&england)));
        assert!(!frame_sits_on(&england, Some(&ottoman)), "impulse order");
        assert!(!frame_sits_on(&ottoman, Some(&ottoman)));
        assert!(!frame_sits_on(&ottoman, Some(&retreat(Power::England, RetreatKind::BreakSiege))), "one kind");
    }

    /// Ruling RB9: both sides of a naval battle may choose whose squadrons
    /// they lose; the attacker's choice waits on the defender's (long run,
    /// 1532 seed 1,078,124: the Papacy and Venice against the Hapsburg and
    /// Genoa). Never a third.
    #[test]
    fn both_sides_naval_losses_may_wait() {
        let at = NavalLocation::Sea(SeaZone::TyrrhenianSea);
        let losses = |power: Power| Frame::NavalLosses { power, at, squadrons: 1 };
        assert!(frame_sits_on(&losses(Power::Papacy), Some(&losses(Power::Hapsburg))));
        assert!(!frame_sits_on(&losses(Power::Papacy), Some(&losses(Power::Papacy))));
        let elsewhere =
            Frame::NavalLosses { power: Power::Hapsburg, at: NavalLocation::Sea(SeaZone::GulfOfLyon), squadrons: 1 };
        assert!(!frame_sits_on(&losses(Power::Papacy), Some(&elsewhere)));
        let mut g = Game::new(Setup::new(Scenario::Y1517, 1));
        g.phase = Phase::Action;
        g.stack = Default::default();
        let stage = crate::frames::naval_war::CombatStage::Battles { at: Some(at) };
        let (arrived, intercepted) = (EnumSet::EMPTY, EnumSet::EMPTY);
        g.stack.push(Frame::NavalCombat { power: Power::Papacy, arrived, intercepted, stage, declared: false });
        g.stack.push(losses(Power::Hapsburg));
        g.stack.push(losses(Power::Papacy));
        assert_eq!(g.check_stack_shape(), Ok(()));
        g.stack.push(losses(Power::Hapsburg));
        assert_eq!(g.check_stack_shape(), Err(InvalidGame::FrameOutOfPlace));
    }

    /// The issue's example (#18): a naval combat-card window on an impulse,
    /// an impulse in winter.
    #[test]
    fn frames_out_of_place_are_refused() {
        let mut g = Game::new(Setup::new(Scenario::Y1517, 1));
        g.phase = Phase::Action;
        g.stack = Default::default();
        g.stack.push(Frame::Impulse { power: Power::Ottoman });
        g.give_card(Power::Ottoman, Card::MasterOfItaly).unwrap();
        assert_eq!(g.validate(), Ok(()));
        let mut naval = g.clone();
        let at = NavalLocation::Sea(SeaZone::AegeanSea);
        naval.stack.push(Frame::CombatCards { power: Power::Ottoman, at, remaining: EnumSet::EMPTY });
        assert_eq!(naval.validate(), Err(InvalidGame::FrameOutOfPlace));
        g.phase = Phase::Winter;
        assert_eq!(g.validate(), Err(InvalidGame::FrameOutOfPlace));
    }

    #[test]
    fn war_state_succession_and_beaten_ships_are_checked() {
        let mut g = position();
        g.war.cards.surprise = Some(1);
        assert_eq!(g.validate(), Ok(()));
        g.war.cards.surprise = Some(2);
        assert_eq!(g.validate(), Err(InvalidGame::BattleState));
        let mut g = position();
        g.war.cards.extra[1] = 200;
        assert_eq!(g.validate(), Err(InvalidGame::BattleState));
        // A naval battle waiting on Hungary's fall belongs to the action phase.
        let mut g = position();
        g.war.new_war_at_sea = true;
        assert_eq!(g.phase(), Phase::CardDraw);
        assert_eq!(g.validate(), Err(InvalidGame::BattleState));
        g.phase = Phase::Action;
        assert_eq!(g.validate(), Ok(()));
        let mut g = position();
        g.succession.results = 1;
        assert_eq!(g.validate(), Err(InvalidGame::Succession));
        g.succession.results = 1 << 6;
        assert_eq!(g.validate(), Ok(()));
        // #59: a change of ruler this turn, with Henry VIII still ruling.
        g.succession.ruler_changed = true;
        assert_eq!(g.validate(), Err(InvalidGame::Succession));
        g.rulers[Power::England.index()] = Ruler::EdwardVi;
        assert_eq!(g.validate(), Ok(()));
    }

    #[test]
    fn first_turn_phases_and_diplomacy_cards() {
        let mut g = position();
        g.turn = 2;
        g.phase = Phase::LuthersTheses;
        assert_eq!(g.validate(), Err(InvalidGame::PhaseOutOfTurn(Phase::LuthersTheses)));
        let dip = Card::ALL[Card::COUNT - 1];
        let mut g = position();
        g.hands[Power::France.index()].insert(dip);
        assert_eq!(g.validate(), Err(InvalidGame::DiplomacyCardOutOfGame(dip)));
    }

    #[test]
    fn unused_slots_do_not_count() {
        let mut g = position();
        let len = usize::from(g.land_len);
        g.land.raw_mut()[len] = LandStack { space: Space::Algiers, ..LandStack::EMPTY };
        g.naval[usize::from(g.naval_len)] =
            NavalStack { location: NavalLocation::Port(Space::Buda), ..NavalStack::EMPTY };
        assert_eq!(g.validate(), Ok(()));
    }
}
