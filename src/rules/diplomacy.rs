//! Declarations of war (§9.6): who may declare war on whom, what it costs,
//! the cards that can pay, the interventions for Scotland and Venice, and
//! the displacement after an intervention.
//!
//! Pure functions over a borrowed [`Game`]; the engine's diplomacy phase
//! (`frames::diplomacy`) asks the decisions and applies the results.
//!
//! Peace made in this diplomacy phase, by suing (§9.3) or a white peace
//! (§9.1), bars a declaration ([`peace_made_this_phase`]). The Catherine
//! of Aragon discount follows Henry VIII's marriages (§21.3):
//! [`catherine_of_aragon_discount`].

use crate::game::Game;
use crate::rules::minor::{self, LandMoves, NavalMoves};
use crate::sets::EnumSet;
use crate::types::{CardKind, Faction, MinorPower, Power, Space};

/// The CP France pays to intervene after a declaration of war on Scotland,
/// and the Papacy after one on Venice (§9.6 steps 4 and 5).
pub const INTERVENTION_COST: u8 = 2;

/// The CP of a declaration of war on a minor power (§9.6 step 3, rule text;
/// see the rulings for the printed display's 2-CP boxes).
pub const MINOR_DOW_COST: u8 = 1;

/// The Diplomatic Status Display's box for each pair of major powers (§9.6),
/// in `Power` order; the same whichever side declares. 0: the display prints
/// no cost (a power and itself; the Hapsburg and the Papacy against the
/// Protestant, whose war comes only with the Schmalkaldic League).
/// The Hapsburg-England box "3/1" reads 3, the 1 being the Hapsburg's
/// Catherine of Aragon discount (3 - 2).
const MAJOR_DOW_COST: [[u8; Power::COUNT]; Power::COUNT] = [
    // Ott Hap Eng Fra Pap Prot
    [0, 2, 2, 2, 2, 2], // Ottoman
    [2, 0, 3, 3, 4, 0], // Hapsburg
    [2, 3, 0, 3, 3, 2], // England
    [2, 3, 3, 0, 3, 2], // France
    [2, 4, 3, 3, 0, 0], // Papacy
    [2, 0, 2, 2, 0, 0], // Protestant
];

/// Why a declaration of war is not allowed (§9.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DowRefusal {
    /// A power never declares war on itself.
    Itself,
    /// Independent keys need no declaration of war: anyone may besiege them.
    Independent,
    /// The Protestant declares war on nobody before the Schmalkaldic League.
    ProtestantDeclarerBeforeLeague,
    /// Nobody declares war on the Protestant before the Schmalkaldic League.
    ProtestantTargetBeforeLeague,
    /// The Hapsburg and the Papacy go to war with the Protestant only through
    /// the Schmalkaldic League (card #13): the display has no box for them.
    LeagueWarOnly,
    /// Nobody declares war on Hungary-Bohemia (only the Ottoman, at war with
    /// it from the start, is ever at war with it).
    HungaryBohemia,
    /// The Ottoman, the Papacy and the Protestant never declare war on Scotland.
    ScotlandBarred,
    /// A power allied with France does not declare war on Scotland.
    ScotlandFrenchAlly,
    /// England never declares war on Venice.
    VeniceByEngland,
    /// In the diplomacy phase a power allied with the Papacy does not declare
    /// war on Venice.
    VenicePapalAlly,
    /// The minor is allied to this major power: declare war on it instead.
    MinorAllied(Power),
    /// The target is a current ally (an alliance made this phase included:
    /// alliances last until winter, §9.2).
    Ally,
    /// The two are already at war.
    AtWar,
    /// In the diplomacy phase, no war on a power the declarer made peace with
    /// in this phase, nor on Scotland (Venice) after peace with France (the
    /// Papacy) in this phase. See [`peace_made_this_phase`].
    PeaceThisPhase(Power),
    /// One player holds both powers (§3.1): they are never at war with
    /// each other (ruling PL3).
    SamePlayer,
}

/// The printed cost of a declaration of war by `declarer` on `target`
/// (§9.6, Diplomatic Status Display): between major powers the pair's box,
/// on a minor power 1 CP (the rule text). 0 where the display prints no cost
/// (the declarer itself, independents, the Hapsburg and the Papacy against
/// the Protestant): [`dow_refusal`] refuses all of those.
///
/// ```
/// use here_i_stand::{Faction, Power};
/// use here_i_stand::rules::diplomacy::dow_cost;
///
/// assert_eq!(dow_cost(Power::Hapsburg, Faction::Papacy), 4);
/// assert_eq!(dow_cost(Power::England, Faction::Scotland), 1);
/// ```
pub fn dow_cost(declarer: Power, target: Faction) -> u8 {
    match (target.major(), target.minor()) {
        (Some(major), _) => MAJOR_DOW_COST[declarer.index()][major.index()],
        (None, Some(_)) => MINOR_DOW_COST,
        (None, None) => 0,
    }
}

/// What a declaration costs now: [`dow_cost`] less the Catherine of Aragon
/// discount (§9.6 step 2).
///
/// ```
/// use here_i_stand::{Faction, Game, Power, Scenario, Setup};
/// use here_i_stand::rules::diplomacy::dow_cost_now;
///
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert_eq!(dow_cost_now(&game, Power::Hapsburg, Faction::England), 3);
/// ```
pub fn dow_cost_now(game: &Game, declarer: Power, target: Faction) -> u8 {
    dow_cost(declarer, target).saturating_sub(catherine_of_aragon_discount(game, declarer, target))
}

/// The Catherine of Aragon marker (§9.6 step 2, §21.3): the Hapsburg's
/// first declaration of war on England after Henry VIII marries Anne
/// Boleyn costs 2 CP less, while the Hapsburg holds the marker.
///
/// ```
/// use here_i_stand::{Faction, Game, Power, Scenario, Setup};
/// use here_i_stand::rules::diplomacy::catherine_of_aragon_discount;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert_eq!(catherine_of_aragon_discount(&game, Power::Hapsburg, Faction::England), 0);
/// game.set_catherine_of_aragon_marker(true)?;
/// assert_eq!(catherine_of_aragon_discount(&game, Power::Hapsburg, Faction::England), 2);
/// assert_eq!(catherine_of_aragon_discount(&game, Power::France, Faction::England), 0);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn catherine_of_aragon_discount(game: &Game, declarer: Power, target: Faction) -> u8 {
    let held = declarer == Power::Hapsburg && target == Faction::England && game.catherine_of_aragon_marker();
    if held { crate::rules::england::CATHERINE_DISCOUNT } else { 0 }
}

/// The diplomacy-phase restriction on a power `a` made peace with in this
/// phase (§9.6): peace by suing (§9.3) or a white peace in negotiation
/// (§9.1) is recorded in the game.
///
/// ```
/// use here_i_stand::{Game, Power, Scenario, Setup};
/// use here_i_stand::rules::diplomacy::peace_made_this_phase;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(!peace_made_this_phase(&game, Power::France, Power::Hapsburg));
/// game.set_peace_made(Power::Hapsburg, Power::France, true)?;
/// assert!(peace_made_this_phase(&game, Power::France, Power::Hapsburg));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn peace_made_this_phase(game: &Game, a: Power, b: Power) -> bool {
    game.made_peace_this_phase(a, b)
}

/// Why `declarer` may not declare war on `target` under the restrictions that
/// always apply (§9.6), in the diplomacy phase or out of it (Machiavelli #40,
/// Six Wives #3); `None` if none forbids it.
///
/// ```
/// use here_i_stand::{Faction, Game, Power, Scenario, Setup};
/// use here_i_stand::rules::diplomacy::{DowRefusal, dow_refusal_always};
///
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert_eq!(
///     dow_refusal_always(&game, Power::England, Faction::Venice),
///     Some(DowRefusal::VeniceByEngland)
/// );
/// assert_eq!(dow_refusal_always(&game, Power::England, Faction::France), None);
/// ```
pub fn dow_refusal_always(game: &Game, declarer: Power, target: Faction) -> Option<DowRefusal> {
    let league = game.schmalkaldic_league();
    let refusal = if target == Faction::from(declarer) {
        DowRefusal::Itself
    } else if target.major().is_some_and(|major| game.same_player(declarer, major)) {
        DowRefusal::SamePlayer
    } else if target == Faction::Independent {
        DowRefusal::Independent
    } else if declarer == Power::Protestant && !league {
        DowRefusal::ProtestantDeclarerBeforeLeague
    } else if target == Faction::Protestant && !league {
        DowRefusal::ProtestantTargetBeforeLeague
    } else if target.major().is_some() && dow_cost(declarer, target) == 0 {
        DowRefusal::LeagueWarOnly
    } else if target == Faction::HungaryBohemia {
        DowRefusal::HungaryBohemia
    } else if target == Faction::Scotland && matches!(declarer, Power::Ottoman | Power::Papacy | Power::Protestant) {
        DowRefusal::ScotlandBarred
    } else if target == Faction::Scotland && game.allied(declarer, Power::France) {
        DowRefusal::ScotlandFrenchAlly
    } else if target == Faction::Venice && declarer == Power::England {
        DowRefusal::VeniceByEngland
    } else if game.allied(declarer, target) {
        DowRefusal::Ally
    } else if let Some(ally) = target.minor().and_then(|m| game.minor_ally(m)) {
        DowRefusal::MinorAllied(ally)
    } else if game.at_war(declarer, target) {
        DowRefusal::AtWar
    } else {
        return None;
    };
    Some(refusal)
}

/// Why `declarer` may not declare war on `target` in the diplomacy phase
/// (§9.6): the restrictions that always apply ([`dow_refusal_always`]), then
/// the diplomacy-phase extras (Venice by an ally of the Papacy; a power made
/// peace with in this phase, Scotland after peace with France, Venice after
/// peace with the Papacy). `None`: the declaration is allowed.
///
/// ```
/// use here_i_stand::{Faction, Game, Power, Scenario, Setup};
/// use here_i_stand::rules::diplomacy::{DowRefusal, dow_refusal};
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_alliance(Power::France, Power::Papacy, true)?;
/// assert_eq!(
///     dow_refusal(&game, Power::France, Faction::Venice),
///     Some(DowRefusal::VenicePapalAlly)
/// );
/// assert_eq!(dow_refusal(&game, Power::France, Faction::Genoa), None);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn dow_refusal(game: &Game, declarer: Power, target: Faction) -> Option<DowRefusal> {
    if let Some(refusal) = dow_refusal_always(game, declarer, target) {
        return Some(refusal);
    }
    if target == Faction::Venice && game.allied(declarer, Power::Papacy) {
        return Some(DowRefusal::VenicePapalAlly);
    }
    let peace_partner = match (target.major(), target.minor()) {
        (Some(major), _) => Some(major),
        (None, Some(minor)) => intervener(minor),
        (None, None) => None,
    };
    match peace_partner {
        Some(p) if p != declarer && peace_made_this_phase(game, declarer, p) => Some(DowRefusal::PeaceThisPhase(p)),
        _ => None,
    }
}

/// The CP `power`'s hand can pay for declarations of war and interventions
/// (§9.6 step 7): every card's CP but mandatory events' (§6.1) and the
/// two-player diplomacy cards'. Home cards may pay.
///
/// ```
/// use here_i_stand::{Card, Game, Power, Scenario, Setup};
/// use here_i_stand::rules::diplomacy::war_payment_cp;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.give_card(Power::Ottoman, Card::Janissaries)?; // home card, 5 CP
/// game.give_card(Power::Ottoman, Card::MasterOfItaly)?; // mandatory
/// assert_eq!(war_payment_cp(&game, Power::Ottoman), 5);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn war_payment_cp(game: &Game, power: Power) -> u16 {
    game.hand(power).iter().filter(|&c| pays_for_war(c.kind())).map(|c| u16::from(c.cp())).sum()
}

/// Whether a card of this kind may pay for a declaration of war or an
/// intervention (§9.6 step 7, §6.1): not a mandatory event, not a
/// two-player diplomacy card.
///
/// ```
/// use here_i_stand::CardKind;
/// use here_i_stand::rules::diplomacy::pays_for_war;
///
/// assert!(pays_for_war(CardKind::Home));
/// assert!(!pays_for_war(CardKind::Mandatory));
/// ```
pub fn pays_for_war(kind: CardKind) -> bool {
    !matches!(kind, CardKind::Mandatory | CardKind::Diplomacy)
}

/// The major power that may intervene after a declaration of war on `minor`
/// (§9.6 steps 4 and 5): France for Scotland, the Papacy for Venice.
///
/// ```
/// use here_i_stand::{MinorPower, Power};
/// use here_i_stand::rules::diplomacy::intervener;
///
/// assert_eq!(intervener(MinorPower::Scotland), Some(Power::France));
/// assert_eq!(intervener(MinorPower::Genoa), None);
/// ```
pub fn intervener(minor: MinorPower) -> Option<Power> {
    match minor {
        MinorPower::Scotland => Some(Power::France),
        MinorPower::Venice => Some(Power::Papacy),
        MinorPower::Genoa | MinorPower::HungaryBohemia => None,
    }
}

/// Whether `power` may intervene for `minor` after `declarer`'s declaration
/// of war on it (§9.6 steps 4 and 5), payment aside: it is the minor's
/// intervener, not the declarer itself, not allied with the declarer, and
/// may activate the minor (§22.1, [`minor::can_activate`]).
///
/// ```
/// use here_i_stand::{Game, MinorPower, Power, Scenario, Setup};
/// use here_i_stand::rules::diplomacy::may_intervene;
///
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(may_intervene(&game, Power::France, MinorPower::Scotland, Power::England));
/// assert!(!may_intervene(&game, Power::France, MinorPower::Scotland, Power::France));
/// ```
pub fn may_intervene(game: &Game, power: Power, minor: MinorPower, declarer: Power) -> bool {
    intervener(minor) == Some(power)
        && power != declarer
        && !game.same_player(power, declarer)
        && !game.allied(power, declarer)
        && minor::can_activate(game, power, minor)
}

/// Units leaving a space after an intervention (§9.6 step 5, §12.5).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Displacement {
    /// Land units and army leaders, each to one of the equally nearest
    /// fortified spaces their power controls or its friendly capital.
    pub land: LandMoves,
    /// Naval units and naval leaders, each to one of the equally nearest
    /// ports their power controls.
    pub naval: NavalMoves,
}

/// After an intervention puts `a` and `b` at war (§9.6 step 5): in every
/// space where units of both stand, the units of the one that does not
/// control the space are displaced (§12.5), with the units of its allied
/// minors there.
///
/// ```
/// use here_i_stand::{Faction, Game, LandUnits, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::diplomacy::intervention_displacement;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_land_units(Space::Calais, Faction::England, LandUnits::regulars(1))?;
/// game.set_land_units(Space::Calais, Faction::France, LandUnits::regulars(1))?;
/// let d = intervention_displacement(&game, Power::France, Power::England);
/// assert_eq!(d.land.len(), 1);
/// assert_eq!(d.land[0].faction, Faction::France);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn intervention_displacement(game: &Game, a: Power, b: Power) -> Displacement {
    let mut displacement = Displacement::default();
    for space in shared_spaces(game, a, b) {
        let d = displacement_from(game, a, b, space);
        displacement.land.extend(d.land);
        displacement.naval.extend(d.naval);
    }
    displacement
}

/// The spaces where units of both `a` and `b` stand: land units, or naval
/// units in port (§9.6 step 5).
///
/// ```
/// use here_i_stand::{Faction, Game, LandUnits, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::diplomacy::shared_spaces;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_land_units(Space::Calais, Faction::England, LandUnits::regulars(1))?;
/// assert!(shared_spaces(&game, Power::France, Power::England).is_empty());
/// game.set_land_units(Space::Calais, Faction::France, LandUnits::regulars(1))?;
/// assert!(shared_spaces(&game, Power::France, Power::England).contains(Space::Calais));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn shared_spaces(game: &Game, a: Power, b: Power) -> EnumSet<Space> {
    Space::ALL.into_iter().filter(|&s| has_units(game, a, s) && has_units(game, b, s)).collect()
}

/// [`shared_spaces`] where no land units of `a` or `b` are besieged: after
/// a war begins, the spaces whose units must be displaced (a siege
/// between them is not such a space).
pub fn shared_spaces_outside_sieges(game: &Game, a: Power, b: Power) -> EnumSet<Space> {
    let besieged = |s: Space| {
        game.land_units_in(s).any(|(f, _, besieged)| besieged && (f == Faction::from(a) || f == Faction::from(b)))
    };
    shared_spaces(game, a, b).iter().filter(|&s| !besieged(s)).collect()
}

/// The displacement out of one `space` after an intervention put `a` and `b`
/// at war (§9.6 step 5): the units of each of them that does not control
/// the space, with their allied minors' units there (§12.5).
///
/// ```
/// use here_i_stand::{Faction, Game, LandUnits, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::diplomacy::displacement_from;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_land_units(Space::Calais, Faction::France, LandUnits::regulars(1))?;
/// let d = displacement_from(&game, Power::France, Power::England, Space::Calais);
/// assert_eq!(d.land[0].faction, Faction::France);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn displacement_from(game: &Game, a: Power, b: Power, space: Space) -> Displacement {
    let mut displacement = Displacement::default();
    let mut one = EnumSet::EMPTY;
    one.insert(space);
    for power in [a, b] {
        if game.controller(space) != Faction::from(power) {
            let (land, naval) = minor::displaced(game, power, one);
            displacement.land.extend(land);
            displacement.naval.extend(naval);
        }
    }
    displacement
}

/// Whether `power` has land units, or naval units in port, in `space`.
fn has_units(game: &Game, power: Power, space: Space) -> bool {
    let own = Faction::from(power);
    game.land_units(space, own).total() > 0
        || (space.is_port() && game.naval_units(crate::game::NavalLocation::Port(space), own).total() > 0)
}
