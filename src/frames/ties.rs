//! Ties are the owner's choice (§12.5: "If two spaces are equidistant, the
//! space is chosen by the owning player"; docs/rulings.md M9). Where a
//! procedure sends units "to the nearest" space all at once (a minor's
//! deactivation, §22.4; a declined free declaration of war, §22.2 step 2;
//! the Schmalkaldic League's electorate displacement, §21.6), the owner of
//! each move with equally near destinations picks one, move by move, before
//! the procedure is carried out: `Frame::TieChoice` holds the picks, and the
//! moves are found again from the unchanged position at each pick.

use crate::action::Action;
use crate::engine::{ActionList, Log};
use crate::frames::Frame;
use crate::game::Game;
use crate::rules::minor::{self, LandMove, NavalMove};
use crate::sets::EnumSet;
use crate::types::{Faction, MinorPower, Power, Space};

/// The most tied moves one procedure asks about; any beyond take the first
/// destination in space order (never reached in play: a power has a few
/// stacks at most in a minor's spaces).
pub(crate) const MAX_TIES: usize = 4;

/// The destinations picked so far, in the order of the procedure's tied moves.
pub(crate) type Picks = [Option<Space>; MAX_TIES];

/// The procedure whose ties are being picked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) enum Tie {
    /// `minor` leaves its ally (§22.4), by an event.
    Deactivation { minor: MinorPower },
    /// `activator` activates `minor` (§22.2); the powers at war with the
    /// minor not in `declared` declined their free declaration of war;
    /// after an intervention against `declarer` (§9.6) or a card's.
    Activation { activator: Power, minor: MinorPower, declarer: Option<Power>, declared: EnumSet<Power> },
    /// The Schmalkaldic League's displacement out of Catholic electorates (§21.6).
    League,
}

impl Tie {
    /// The minor power the procedure is about (none for the League's).
    pub(crate) fn minor(self) -> Option<MinorPower> {
        match self {
            Tie::Deactivation { minor } | Tie::Activation { minor, .. } => Some(minor),
            Tie::League => None,
        }
    }
}

/// The major power that decides for `faction`'s units: itself, or a minor's ally.
fn owner_of(game: &Game, faction: Faction) -> Option<Power> {
    faction.major().or_else(|| faction.minor().and_then(|m| game.minor_ally(m)))
}

/// Narrows the tied moves of `land` then `naval` (more than one
/// destination, an owner who decides) to the `picks` made; returns the
/// owner and destinations of the first tied move not yet picked, with its
/// index. Moves beyond [`MAX_TIES`] keep the first destination.
pub(crate) fn narrow(
    game: &Game,
    picks: &Picks,
    land: &mut [LandMove],
    naval: &mut [NavalMove],
) -> Option<(usize, Power, EnumSet<Space>)> {
    let mut k = 0;
    let moves = land.iter_mut().map(|m| (m.faction, &mut m.to)).chain(naval.iter_mut().map(|m| (m.faction, &mut m.to)));
    for (faction, to) in moves {
        let Some(owner) = owner_of(game, faction).filter(|&o| to.len() > 1 && game.decides(o)) else {
            continue;
        };
        match picks.get(k) {
            Some(Some(pick)) if to.contains(*pick) => *to = [*pick].into_iter().collect(),
            Some(_) => return Some((k, owner, *to)),
            None => {}
        }
        k += 1;
    }
    None
}

impl Game {
    /// The next tied move of `tie` not yet picked: its index, owner and
    /// destinations (`None` once every tie is picked).
    pub(crate) fn next_tie(&self, tie: Tie, picks: &Picks) -> Option<(usize, Power, EnumSet<Space>)> {
        match tie {
            Tie::Deactivation { minor } => {
                let mut d = minor::deactivation(self, minor)?;
                narrow(self, picks, &mut d.displaced_land, &mut d.displaced_naval)
            }
            Tie::Activation { activator, minor, declared, .. } => {
                let mut a = minor::activation(self, activator, minor)?;
                narrow_activation(self, picks, &mut a, declared)
            }
            Tie::League => {
                let mut land = crate::events::league_displacement(self);
                narrow(self, picks, &mut land, &mut [])
            }
        }
    }

    /// Asks the owner of the next tied move of `tie`, if any: pushes the
    /// choice and returns true.
    pub(crate) fn ask_tie(&mut self, tie: Tie, picks: Picks) -> bool {
        match self.next_tie(tie, &picks) {
            Some((_, power, _)) => {
                self.stack.push(Frame::TieChoice { power, tie, picks });
                true
            }
            None => false,
        }
    }

    pub(crate) fn tie_choice_actions(&self, tie: Tie, picks: Picks, list: &mut ActionList) {
        if let Some((_, _, to)) = self.next_tie(tie, &picks) {
            list.extend(to.iter().map(Action::DisplaceTo));
        }
    }

    /// The owner's pick; then the next tie, or the procedure carried out.
    pub(crate) fn apply_tie_choice(&mut self, tie: Tie, mut picks: Picks, action: Action, log: &mut dyn Log) {
        let Action::DisplaceTo(to) = action else { return };
        self.stack.pop();
        if let Some((k, ..)) = self.next_tie(tie, &picks) {
            picks[k] = Some(to);
        }
        match tie {
            Tie::Deactivation { minor } => self.deactivate_minor(minor, picks, true, log),
            Tie::Activation { activator, minor, declarer, declared } => {
                self.finish_activation(activator, minor, declarer, declared, picks, log)
            }
            Tie::League => crate::events::finish_schmalkaldic_league(self, picks, log),
        }
        // §15.3: the displaced units may leave a siege without besiegers
        // that outnumber the units inside (an event's deactivation of the
        // minor whose units besieged: 1517 seed 1,007,149).
        self.check_sieges_after_event(log);
    }

    /// §22.4: `minor` leaves its ally, each change of control reported,
    /// once the owners picked among equally near destinations (`picks`);
    /// without `ask`, at once, ties to the first in space order (the
    /// two-player diplomatic cards, whose zone limits act on the result).
    pub(crate) fn deactivate_minor(&mut self, minor: MinorPower, picks: Picks, ask: bool, log: &mut dyn Log) {
        let Some(former) = self.minor_ally(minor) else { return };
        if ask && self.ask_tie(Tie::Deactivation { minor }, picks) {
            return;
        }
        let before = self.control;
        let Some(mut d) = minor::deactivation(self, minor) else { return };
        narrow(self, &picks, &mut d.displaced_land, &mut d.displaced_naval);
        if minor::apply_deactivation(self, &d).is_err() {
            return;
        }
        log.event(crate::event::Event::MinorDeactivated { minor, former });
        self.log_control_changes(&before, log);
    }
}

/// [`narrow`] over the moves of the powers that declined their free
/// declaration in `a` (the others do not move).
pub(crate) fn narrow_activation(
    game: &Game,
    picks: &Picks,
    a: &mut minor::Activation,
    declared: EnumSet<Power>,
) -> Option<(usize, Power, EnumSet<Space>)> {
    // One list of all the declined moves, in war order, narrowed at once.
    let mut land: minor::LandMoves = Default::default();
    let mut naval: minor::NavalMoves = Default::default();
    let moving = |w: &minor::WarWithMinor| {
        w.declaration == minor::FreeDeclaration::Forbidden
            || (w.declaration == minor::FreeDeclaration::Optional && !declared.contains(w.power))
    };
    for war in a.at_war_with_minor.iter().filter(|w| moving(w)) {
        land.extend(war.land_if_declined.iter().copied());
        naval.extend(war.naval_if_declined.iter().copied());
    }
    let next = narrow(game, picks, &mut land, &mut naval);
    let (mut land, mut naval) = (land.into_iter(), naval.into_iter());
    for war in a.at_war_with_minor.iter_mut().filter(|w| moving(w)) {
        for m in war.land_if_declined.iter_mut() {
            if let Some(n) = land.next() {
                *m = n;
            }
        }
        for m in war.naval_if_declined.iter_mut() {
            if let Some(n) = naval.next() {
                *m = n;
            }
        }
    }
    next
}
