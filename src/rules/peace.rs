//! The diplomacy segments before the declarations of war (§7, §9): suing for
//! peace (§9.3), ransom (§9.4) and removing excommunication (§9.5).
//!
//! Pure functions over a borrowed [`Game`]: who may sue whom, what the
//! winner gains, what the loser hands back and may regain, at what price,
//! where a freed leader goes, which excommunications may be lifted, and the
//! St Peter's track. The engine (`frames::peace`) asks the decisions, draws
//! the random cards and applies the results.
//!
//! A power that ceded one of its home spaces to the enemy in this turn's
//! negotiation may not sue it (§9.3, [`ceded_home_space_this_turn`]).

use crate::game::{Game, LeaderLocation};
use crate::sets::EnumSet;
use crate::types::{Card, CardKind, Faction, Leader, LeaderKind, Power, Ruler, Space, SpaceKind};

/// The War Winner VP the winner of a peace takes (§9.3 step 2).
pub const WAR_WINNER_VP: u8 = 1;

/// The War Winner VP when the war involves the Ottoman, on either side (§9.3 step 2).
pub const OTTOMAN_WAR_WINNER_VP: u8 = 2;

/// The units the loser removes (§9.3 step 4).
pub const UNITS_REMOVED: u8 = 2;

/// The non-key home spaces regained for one price (§9.3 step 7).
pub const SPACES_PER_PRICE: usize = 2;

/// CP on the St Peter's track that make one VP (§18.1).
pub const ST_PETERS_CP_PER_VP: u8 = 5;

/// The most St Peter's VP in a game (§18.1).
pub const ST_PETERS_MAX_VP: u8 = 5;

/// The exclusion of §9.3: a power that ceded one of its own home spaces
/// to `enemy` in this turn's negotiation segment (§9.1) may not sue `enemy`.
///
/// ```
/// use here_i_stand::{Game, Power, Scenario, Setup};
/// use here_i_stand::rules::peace::ceded_home_space_this_turn;
///
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(!ceded_home_space_this_turn(&game, Power::France, Power::Hapsburg));
/// ```
pub fn ceded_home_space_this_turn(game: &Game, power: Power, enemy: Power) -> bool {
    crate::rules::negotiation::home_ceded(game, power, enemy)
}

/// Whether the war between `a` and `b` can never be ended by suing (§9.3):
/// the Hapsburg and the Papacy never sue the Protestant, nor it them.
///
/// ```
/// use here_i_stand::Power;
/// use here_i_stand::rules::peace::league_war;
///
/// assert!(league_war(Power::Protestant, Power::Papacy));
/// assert!(!league_war(Power::Protestant, Power::France));
/// ```
pub fn league_war(a: Power, b: Power) -> bool {
    let pair = |x, y| (a == x && b == y) || (a == y && b == x);
    pair(Power::Hapsburg, Power::Protestant) || pair(Power::Papacy, Power::Protestant)
}

/// `power`'s army leaders held captured by `captor` (§14, §9.3).
///
/// ```
/// use here_i_stand::{Game, Leader, LeaderLocation, Power, Scenario, Setup};
/// use here_i_stand::rules::peace::captured_leaders;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_leader(Leader::Montmorency, LeaderLocation::Captured(Power::Hapsburg))?;
/// assert!(captured_leaders(&game, Power::France, Power::Hapsburg).contains(Leader::Montmorency));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn captured_leaders(game: &Game, power: Power, captor: Power) -> EnumSet<Leader> {
    Leader::ALL
        .into_iter()
        .filter(|&l| {
            l.kind() == LeaderKind::Army
                && game.leader_location(l) == LeaderLocation::Captured(captor)
                && game.leader_owner(l) == Some(Faction::from(power))
        })
        .collect()
}

/// `power`'s home spaces (fortified or not) that `holder` controls.
///
/// ```
/// use here_i_stand::{Faction, Game, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::peace::home_spaces_held;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_controller(Space::Boulogne, Faction::England)?;
/// assert!(home_spaces_held(&game, Power::France, Power::England).contains(Space::Boulogne));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn home_spaces_held(game: &Game, power: Power, holder: Power) -> EnumSet<Space> {
    let (home, holder) = (Faction::from(power), Faction::from(holder));
    Space::ALL.into_iter().filter(|&s| game.home_of(s) == home && game.controller(s) == holder).collect()
}

/// Whether `power` may sue `enemy` for peace now (§9.3): the two are at war;
/// it is not the Hapsburg's or the Papacy's war with the Protestant; `power`
/// ceded none of its home spaces to `enemy` this turn; and `enemy` holds one
/// of its army leaders captured or controls one of its home spaces. The
/// final-turn and turn-1 skips (§7) belong to the phase, not to this test.
/// In the two-player game, no war of the Protestant after the League
/// (§24.3, `two_player::war_may_end`).
///
/// ```
/// use here_i_stand::{Faction, Game, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::peace::may_sue;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_war(Power::France, Power::Hapsburg, true)?;
/// assert!(!may_sue(&game, Power::France, Power::Hapsburg));
/// game.set_controller(Space::Dijon, Faction::Hapsburg)?;
/// assert!(may_sue(&game, Power::France, Power::Hapsburg));
/// assert!(!may_sue(&game, Power::Hapsburg, Power::France));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn may_sue(game: &Game, power: Power, enemy: Power) -> bool {
    power != enemy
        && game.at_war(power, enemy)
        && !league_war(power, enemy)
        && crate::rules::two_player::war_may_end(game, power, enemy)
        && !ceded_home_space_this_turn(game, power, enemy)
        && (!captured_leaders(game, power, enemy).is_empty() || !home_spaces_held(game, power, enemy).is_empty())
}

/// The enemies `power` may sue for peace now ([`may_sue`]).
///
/// ```
/// use here_i_stand::{Faction, Game, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::peace::sue_targets;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_war(Power::France, Power::England, true)?;
/// game.set_controller(Space::Boulogne, Faction::England)?;
/// assert_eq!(sue_targets(&game, Power::France).iter().collect::<Vec<_>>(), [Power::England]);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn sue_targets(game: &Game, power: Power) -> EnumSet<Power> {
    Power::ALL.into_iter().filter(|&enemy| may_sue(game, power, enemy)).collect()
}

/// The War Winner VP `winner` takes when `loser` sues it (§9.3 step 2): 1,
/// or 2 if the war involves the Ottoman.
///
/// ```
/// use here_i_stand::Power;
/// use here_i_stand::rules::peace::war_winner_vp;
///
/// assert_eq!(war_winner_vp(Power::Hapsburg, Power::France), 1);
/// assert_eq!(war_winner_vp(Power::Hapsburg, Power::Ottoman), 2);
/// ```
pub fn war_winner_vp(winner: Power, loser: Power) -> u8 {
    if winner == Power::Ottoman || loser == Power::Ottoman { OTTOMAN_WAR_WINNER_VP } else { WAR_WINNER_VP }
}

/// The spaces `loser` hands back to `winner` (§9.3 step 3): every home space
/// of the winner the loser controls.
///
/// ```
/// use here_i_stand::{Faction, Game, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::peace::handed_back;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_controller(Space::Brussels, Faction::France)?;
/// assert!(handed_back(&game, Power::France, Power::Hapsburg).contains(Space::Brussels));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn handed_back(game: &Game, loser: Power, winner: Power) -> EnumSet<Space> {
    home_spaces_held(game, winner, loser)
}

/// The home keys of `loser` held by `winner`, which it may regain one at a
/// time for a price (§9.3 step 5).
///
/// ```
/// use here_i_stand::{Faction, Game, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::peace::regainable_keys;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_controller(Space::Rouen, Faction::Hapsburg)?;
/// game.set_controller(Space::Dijon, Faction::Hapsburg)?;
/// assert_eq!(regainable_keys(&game, Power::France, Power::Hapsburg).iter().collect::<Vec<_>>(), [Space::Rouen]);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn regainable_keys(game: &Game, loser: Power, winner: Power) -> EnumSet<Space> {
    home_spaces_held(game, loser, winner).iter().filter(|s| s.kind() == SpaceKind::Key).collect()
}

/// The leaders of `loser` captured by `winner` that it may regain one at a
/// time for a price (§9.3 step 6): those with a space to return to
/// ([`return_spaces`]).
///
/// ```
/// use here_i_stand::{Game, Leader, LeaderLocation, Power, Scenario, Setup};
/// use here_i_stand::rules::peace::regainable_leaders;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_leader(Leader::Montmorency, LeaderLocation::Captured(Power::Hapsburg))?;
/// assert!(regainable_leaders(&game, Power::France, Power::Hapsburg).contains(Leader::Montmorency));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn regainable_leaders(game: &Game, loser: Power, winner: Power) -> EnumSet<Leader> {
    if return_spaces(game, loser).is_empty() {
        return EnumSet::EMPTY;
    }
    captured_leaders(game, loser, winner)
}

/// The non-key home spaces of `loser` held by `winner`, which it may regain
/// in pairs, one price per pair (§9.3 step 7). A last odd space is regained
/// alone at the price of a pair (see the rulings).
///
/// ```
/// use here_i_stand::{Faction, Game, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::peace::regainable_spaces;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_controller(Space::Rouen, Faction::Hapsburg)?;
/// game.set_controller(Space::Dijon, Faction::Hapsburg)?;
/// assert_eq!(regainable_spaces(&game, Power::France, Power::Hapsburg).iter().collect::<Vec<_>>(), [Space::Dijon]);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn regainable_spaces(game: &Game, loser: Power, winner: Power) -> EnumSet<Space> {
    home_spaces_held(game, loser, winner).iter().filter(|s| s.kind() != SpaceKind::Key).collect()
}

/// The cards another power may draw at random from `power`'s hand: all but
/// home cards (§6.1). Mandatory events may be drawn.
///
/// ```
/// use here_i_stand::{Card, Game, Power, Scenario, Setup};
/// use here_i_stand::rules::peace::drawable_cards;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.give_card(Power::Ottoman, Card::Janissaries)?; // home card
/// assert!(drawable_cards(&game, Power::Ottoman).is_empty());
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn drawable_cards(game: &Game, power: Power) -> EnumSet<Card> {
    game.hand(power).iter().filter(|c| c.kind() != CardKind::Home).collect()
}

/// How the loser may pay for each key, leader or pair of spaces it regains
/// (§9.3 steps 5-7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PriceOptions {
    /// 1 more War Winner VP to the winner: always possible.
    pub war_winner_vp: bool,
    /// The winner draws 1 random card from the loser's hand: only if the
    /// hand holds a card other than home cards.
    pub random_card: bool,
}

/// The ways `loser` may pay a price of §9.3 steps 5-7.
///
/// ```
/// use here_i_stand::{Card, Game, Power, Scenario, Setup};
/// use here_i_stand::rules::peace::price_options;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(!price_options(&game, Power::France).random_card);
/// game.give_card(Power::France, Card::Arquebusiers)?;
/// assert!(price_options(&game, Power::France).random_card);
/// assert!(price_options(&game, Power::France).war_winner_vp);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn price_options(game: &Game, loser: Power) -> PriceOptions {
    PriceOptions { war_winner_vp: true, random_card: !drawable_cards(game, loser).is_empty() }
}

/// Where a leader of `power` set free by peace (§9.3 step 6) or ransom
/// (§9.4) may go: its capitals under friendly control, or if there is none,
/// its home keys under friendly control (§9.1 item 4: "to their capital if
/// possible, otherwise to a friendly home key"); never a space holding enemy
/// land units. Empty: the leader cannot come back now.
///
/// ```
/// use here_i_stand::{Faction, Game, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::peace::return_spaces;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert_eq!(return_spaces(&game, Power::France).iter().collect::<Vec<_>>(), [Space::Paris]);
/// game.set_controller(Space::Paris, Faction::Hapsburg)?;
/// assert!(return_spaces(&game, Power::France).contains(Space::Lyon));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn return_spaces(game: &Game, power: Power) -> EnumSet<Space> {
    let own = Faction::from(power);
    let open = |s: Space| {
        game.home_of(s) == own
            && game.in_play(s)
            && game.is_friendly_controlled(power, s)
            && !game.has_enemy_land_units(power, s)
    };
    let capitals: EnumSet<Space> = Space::ALL.into_iter().filter(|&s| s.is_capital() && open(s)).collect();
    if !capitals.is_empty() {
        return capitals;
    }
    Space::ALL.into_iter().filter(|&s| s.kind() == SpaceKind::Key && open(s)).collect()
}

/// `power`'s captured army leaders it may ransom (§9.4), whoever holds them,
/// if they have a space to return to; the price (a random card) aside.
///
/// ```
/// use here_i_stand::{Game, Leader, LeaderLocation, Power, Scenario, Setup};
/// use here_i_stand::rules::peace::ransomable_leaders;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_leader(Leader::Montmorency, LeaderLocation::Captured(Power::England))?;
/// assert!(ransomable_leaders(&game, Power::France).contains(Leader::Montmorency));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn ransomable_leaders(game: &Game, power: Power) -> EnumSet<Leader> {
    if return_spaces(game, power).is_empty() {
        return EnumSet::EMPTY;
    }
    Power::ALL
        .into_iter()
        .filter(|&captor| captor != power)
        .fold(EnumSet::EMPTY, |all, captor| all.union(captured_leaders(game, power, captor)))
}

/// The excommunications `power` may lift (§9.5), the price aside: its
/// excommunicated rulers (the marker stays with the power when the ruler
/// dies, §21.5). The Protestant's Luther and Calvin are excommunicated as
/// reformers, which puts no "-1 card" marker to lift.
///
/// ```
/// use here_i_stand::{Game, Power, Ruler, Scenario, Setup};
/// use here_i_stand::rules::peace::liftable_excommunications;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_excommunicated(Ruler::HenryViii, true)?;
/// game.set_excommunicated(Ruler::Luther, true)?;
/// assert!(liftable_excommunications(&game, Power::England).contains(Ruler::HenryViii));
/// assert!(liftable_excommunications(&game, Power::Protestant).is_empty());
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn liftable_excommunications(game: &Game, power: Power) -> EnumSet<Ruler> {
    if power == Power::Protestant {
        return EnumSet::EMPTY;
    }
    Ruler::ALL.into_iter().filter(|&r| r.power() == power && game.is_excommunicated(r)).collect()
}

/// The St Peter's track after `added` CP (§18.1): `(cp, vp)` from `(cp, vp)`.
/// Every fifth CP resets the CP to 0 and adds 1 VP; at 5 VP the track is
/// full and further CP are lost (the CP stay at 0).
///
/// ```
/// use here_i_stand::rules::peace::st_peters_after;
///
/// assert_eq!(st_peters_after(3, 1, 4), (2, 2));
/// assert_eq!(st_peters_after(4, 4, 6), (0, 5));
/// ```
pub fn st_peters_after(cp: u8, vp: u8, added: u8) -> (u8, u8) {
    let (mut cp, mut vp) = (cp, vp.min(ST_PETERS_MAX_VP));
    for _ in 0..added {
        if vp >= ST_PETERS_MAX_VP {
            return (0, ST_PETERS_MAX_VP);
        }
        cp = cp.saturating_add(1);
        if cp >= ST_PETERS_CP_PER_VP {
            cp = 0;
            vp += 1;
        }
    }
    if vp >= ST_PETERS_MAX_VP { (0, ST_PETERS_MAX_VP) } else { (cp, vp) }
}
