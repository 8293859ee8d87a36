//! England's succession (§21.3, §6.2, §8, §23.2): Henry VIII's marital
//! status and the pregnancy chart, the Six Wives of Henry VIII (#3) uses,
//! the cards and reformer the marriages bring, and the heirs' cards (#19,
//! #21, #23). Pure functions; the engine applies them in `frames::england`.

use crate::game::{Game, LeaderLocation, ReformerState, Scenario};
use crate::rules::diplomacy;
use crate::sets::EnumSet;
use crate::types::{
    Card, CardKind, Faction, LanguageZone, Leader, MaritalStatus, Phase, Power, Reformer, Religion, Ruler, Space,
};

/// England's succession state (§21.3), kept in the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub(crate) struct Succession {
    /// Henry VIII's marital status marker.
    pub(crate) marital_status: MaritalStatus,
    /// The pregnancy chart results had so far: bit `n` for result `n`, 1 to 6.
    pub(crate) results: u8,
    /// A result of 3 this turn: the marker advances again the first time
    /// England passes later this turn.
    pub(crate) beheading_pending: bool,
    /// The Hapsburg holds the Catherine of Aragon marker: its next
    /// declaration of war on England costs 2 CP less (§9.6 step 2).
    pub(crate) catherine_marker: bool,
    /// Mary I's Papal action still owes a debate in the English zone, called
    /// when the Burn Books attempts before it end (§21.3 step 3).
    #[cfg_attr(feature = "serde", serde(default))]
    pub(crate) mary_debate_pending: bool,
    /// Thomas Cromwell's treatise was published this turn (#115): English
    /// treatises cost 2 CP until the turn ends.
    #[cfg_attr(feature = "serde", serde(default))]
    pub(crate) cromwell_treatises: bool,
    /// England changed rulers this turn (Edward VI, Mary I or Elizabeth I
    /// succeeded): the condition of #59 Lady Jane Grey. Reset when the
    /// next turn begins.
    #[cfg_attr(feature = "serde", serde(default))]
    pub(crate) ruler_changed: bool,
    /// Two-player game: the Protestant has just played a card under Mary
    /// I, and the Papacy's roll is still to come (§24.3).
    #[cfg_attr(feature = "serde", serde(default))]
    pub(crate) mary_roll_due: bool,
}

impl Default for Succession {
    fn default() -> Self {
        Succession {
            marital_status: MaritalStatus::CatherineOfAragon,
            results: 0,
            beheading_pending: false,
            catherine_marker: false,
            mary_debate_pending: false,
            cromwell_treatises: false,
            ruler_changed: false,
            mary_roll_due: false,
        }
    }
}

/// The pregnancy chart result that means a healthy Edward (§21.3): no
/// further rolls.
pub const HEALTHY_EDWARD: u8 = 6;
/// The pregnancy chart result of a sickly Edward (§21.3).
pub const SICKLY_EDWARD: u8 = 5;
/// The pregnancy chart result of Elizabeth (§21.3).
pub const ELIZABETH: u8 = 4;
/// The pregnancy chart result of a beheaded wife (§21.3).
pub const BEHEADED: u8 = 3;
/// The Catherine of Aragon marker's discount (§9.6 step 2, §21.3).
pub const CATHERINE_DISCOUNT: u8 = 2;
/// The CP Six Wives of Henry VIII gives after its declaration of war (#3).
pub const SIX_WIVES_DOW_CP: u8 = 5;
/// The first turn of the marriage use of #3 (§21.3).
pub const FIRST_MARRIAGE_TURN: u8 = 2;
/// The first turn the heirs' cards #19 and #21 may enter the deck (§6.2).
pub const HEIRS_TURN: u8 = 6;
/// The turn Henry marries Anne Boleyn by himself in the two-player game (§24.3).
pub const TWO_PLAYER_ANNE_BOLEYN_TURN: u8 = 4;

impl Game {
    /// Henry VIII's marital status (§21.3).
    ///
    /// ```
    /// use here_i_stand::{Game, MaritalStatus, Scenario, Setup};
    ///
    /// let game = Game::new(Setup::new(Scenario::Y1532, 0));
    /// assert_eq!(game.marital_status(), MaritalStatus::AskForDivorce);
    /// ```
    pub fn marital_status(&self) -> MaritalStatus {
        self.succession.marital_status
    }

    /// Whether the pregnancy chart result `result` (1 to 6) has been had (§21.3).
    ///
    /// ```
    /// use here_i_stand::{Game, Scenario, Setup};
    ///
    /// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
    /// game.set_pregnancy_result(4, true)?;
    /// assert!(game.pregnancy_result_had(4));
    /// assert!(game.elizabeth_born() && !game.edward_born());
    /// # Ok::<(), here_i_stand::EditError>(())
    /// ```
    pub fn pregnancy_result_had(&self, result: u8) -> bool {
        (1..=6).contains(&result) && self.succession.results & (1 << result) != 0
    }

    /// Whether Edward was born (a pregnancy result of 5 or 6, §21.3; in
    /// the two-player game from turn 6 on, [`Game::two_player_heirs_born`]).
    ///
    /// ```
    /// use here_i_stand::{Game, Scenario, Setup};
    ///
    /// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
    /// game.set_pregnancy_result(6, true)?;
    /// assert!(game.edward_born());
    /// # Ok::<(), here_i_stand::EditError>(())
    /// ```
    pub fn edward_born(&self) -> bool {
        self.pregnancy_result_had(SICKLY_EDWARD)
            || self.pregnancy_result_had(HEALTHY_EDWARD)
            || self.two_player_heirs_born()
    }

    /// The two-player game has no pregnancy chart: Edward and Elizabeth
    /// are born before turn 6 (§24.3, the two-player sequence of play;
    /// ruling TZ19), whatever Henry's marital status.
    ///
    /// ```
    /// use here_i_stand::{Game, Scenario, Setup};
    ///
    /// let mut game = Game::empty(Setup::new(Scenario::TwoPlayer, 0));
    /// game.set_turn(5)?;
    /// assert!(!game.two_player_heirs_born() && !game.elizabeth_born());
    /// game.set_turn(6)?;
    /// assert!(game.two_player_heirs_born() && game.edward_born() && game.elizabeth_born());
    /// # Ok::<(), here_i_stand::EditError>(())
    /// ```
    pub fn two_player_heirs_born(&self) -> bool {
        self.scenario() == Scenario::TwoPlayer && self.turn() >= HEIRS_TURN
    }

    /// Whether Elizabeth was born (a pregnancy result of 4, §21.3).
    ///
    /// ```
    /// use here_i_stand::{Game, Scenario, Setup};
    ///
    /// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
    /// assert!(!game.elizabeth_born());
    /// ```
    pub fn elizabeth_born(&self) -> bool {
        self.pregnancy_result_had(ELIZABETH) || self.two_player_heirs_born()
    }

    /// Whether the Hapsburg holds the Catherine of Aragon marker (§21.3):
    /// its next declaration of war on England costs 2 CP less.
    ///
    /// ```
    /// use here_i_stand::{Game, Scenario, Setup};
    ///
    /// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
    /// assert!(!game.catherine_of_aragon_marker());
    /// ```
    pub fn catherine_of_aragon_marker(&self) -> bool {
        self.succession.catherine_marker
    }

    /// Whether a beheading (a result of 3) waits for England's first pass
    /// this turn to advance the marital status again (§21.3).
    ///
    /// ```
    /// use here_i_stand::{Game, Scenario, Setup};
    ///
    /// assert!(!Game::empty(Setup::new(Scenario::Y1517, 0)).beheading_pending());
    /// ```
    pub fn beheading_pending(&self) -> bool {
        self.succession.beheading_pending
    }

    /// Whether England changed rulers this turn (Edward VI, Mary I or
    /// Elizabeth I succeeded): the condition of #59 Lady Jane Grey. It is
    /// forgotten when the next turn begins.
    ///
    /// ```
    /// use here_i_stand::{Game, Scenario, Setup};
    ///
    /// assert!(!Game::empty(Setup::new(Scenario::Y1517, 0)).english_ruler_changed());
    /// ```
    pub fn english_ruler_changed(&self) -> bool {
        self.succession.ruler_changed
    }
}

/// England's heir VP for the results had (§23.2): 5 if Edward was born, 2
/// if only Elizabeth, else 0.
///
/// ```
/// use here_i_stand::{Game, Scenario, Setup};
/// use here_i_stand::rules::england::heir_vp_earned;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_pregnancy_result(4, true)?;
/// assert_eq!(heir_vp_earned(&game), 2);
/// game.set_pregnancy_result(5, true)?;
/// assert_eq!(heir_vp_earned(&game), 5);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn heir_vp_earned(game: &Game) -> u8 {
    if game.edward_born() {
        5
    } else if game.elizabeth_born() {
        2
    } else {
        0
    }
}

/// Whether Henry VIII can take part in a marriage now (§21.3): he rules
/// England, is on the map (not captured, not removed) and not besieged.
///
/// ```
/// use here_i_stand::{Game, Leader, LeaderLocation, Scenario, Setup, Space};
/// use here_i_stand::rules::england::henry_free;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(!henry_free(&game));
/// game.set_leader(Leader::HenryViii, LeaderLocation::Space(Space::London))?;
/// assert!(henry_free(&game));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn henry_free(game: &Game) -> bool {
    let LeaderLocation::Space(at) = game.leader_location(Leader::HenryViii) else {
        return false;
    };
    game.ruler(Power::England) == Ruler::HenryViii && !game.is_besieged(at, Faction::England)
}

/// The box Henry's marital status would advance to now by any means, if it
/// may (§21.3): Henry free ([`henry_free`]), a next box, no healthy Edward
/// yet (no more rolls after a 6; our ruling: no more marriages either), and
/// not both heirs born.
///
/// ```
/// use here_i_stand::{Game, Leader, LeaderLocation, MaritalStatus, Scenario, Setup, Space};
/// use here_i_stand::rules::england::next_marriage;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_leader(Leader::HenryViii, LeaderLocation::Space(Space::London))?;
/// assert_eq!(next_marriage(&game), Some(MaritalStatus::AskForDivorce));
/// game.set_pregnancy_result(4, true)?;
/// game.set_pregnancy_result(5, true)?;
/// assert_eq!(next_marriage(&game), None);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn next_marriage(game: &Game) -> Option<MaritalStatus> {
    let ended = game.pregnancy_result_had(HEALTHY_EDWARD) || (game.edward_born() && game.elizabeth_born());
    if ended || !henry_free(game) {
        return None;
    }
    game.marital_status().next()
}

/// The marriage use of Six Wives of Henry VIII (#3) now: from turn 2, the
/// box it advances to ([`next_marriage`]).
///
/// ```
/// use here_i_stand::{Game, Leader, LeaderLocation, MaritalStatus, Scenario, Setup, Space};
/// use here_i_stand::rules::england::six_wives_marriage;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_leader(Leader::HenryViii, LeaderLocation::Space(Space::London))?;
/// assert_eq!(six_wives_marriage(&game), None); // turn 1
/// game.set_turn(2)?;
/// assert_eq!(six_wives_marriage(&game), Some(MaritalStatus::AskForDivorce));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn six_wives_marriage(game: &Game) -> Option<MaritalStatus> {
    if game.turn() < FIRST_MARRIAGE_TURN {
        return None;
    }
    next_marriage(game)
}

/// The targets of the declaration-of-war use of Six Wives of Henry VIII
/// (#3): France, the Hapsburg or Scotland, in the action phase, under the
/// restrictions that always apply (`rules::diplomacy::dow_refusal_always`).
///
/// ```
/// use here_i_stand::{Faction, Game, Phase, Power, Scenario, Setup};
/// use here_i_stand::rules::england::six_wives_dow_targets;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_phase(Phase::Action)?;
/// assert_eq!(six_wives_dow_targets(&game).len(), 3);
/// game.set_war(Power::England, Faction::France, true)?;
/// assert!(!six_wives_dow_targets(&game).contains(Faction::France));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn six_wives_dow_targets(game: &Game) -> EnumSet<Faction> {
    if game.phase() != Phase::Action {
        return EnumSet::EMPTY;
    }
    [Faction::France, Faction::Hapsburg, Faction::Scotland]
        .into_iter()
        .filter(|&target| diplomacy::dow_refusal_always(game, Power::England, target).is_none())
        .collect()
}

/// The pregnancy chart result for a `die` rolled for `wife` (§21.3): +1
/// for Jane Seymour, 6 or more is 6, and a result already had moves up to
/// the first higher one not had. `None` if none is left.
///
/// ```
/// use here_i_stand::{Game, MaritalStatus, Scenario, Setup};
/// use here_i_stand::rules::england::pregnancy_result;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert_eq!(pregnancy_result(&game, MaritalStatus::AnneBoleyn, 2), Some(2));
/// assert_eq!(pregnancy_result(&game, MaritalStatus::JaneSeymour, 6), Some(6));
/// game.set_pregnancy_result(2, true)?;
/// game.set_pregnancy_result(3, true)?;
/// assert_eq!(pregnancy_result(&game, MaritalStatus::AnneOfCleves, 2), Some(4));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn pregnancy_result(game: &Game, wife: MaritalStatus, die: u8) -> Option<u8> {
    let bonus = u8::from(wife == MaritalStatus::JaneSeymour);
    let rolled = die.saturating_add(bonus).clamp(1, HEALTHY_EDWARD);
    (rolled..=HEALTHY_EDWARD).find(|&r| !game.pregnancy_result_had(r))
}

/// Whether Henry's marriages have started the English Reformation (§21.3):
/// Anne Boleyn or a later box reached.
///
/// ```
/// use here_i_stand::{Game, MaritalStatus, Scenario, Setup};
/// use here_i_stand::rules::england::english_reformation;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(!english_reformation(&game));
/// game.set_marital_status(MaritalStatus::JaneSeymour)?;
/// assert!(english_reformation(&game));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn english_reformation(game: &Game) -> bool {
    game.marital_status() >= MaritalStatus::AnneBoleyn
}

/// Whether the Cranmer reformer arrives in London at this card draw (§8
/// step 2): the first card draw after Henry married Anne Boleyn.
///
/// ```
/// use here_i_stand::{Game, MaritalStatus, Scenario, Setup};
/// use here_i_stand::rules::england::cranmer_arrives;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(!cranmer_arrives(&game));
/// game.set_marital_status(MaritalStatus::AnneBoleyn)?;
/// assert!(cranmer_arrives(&game));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn cranmer_arrives(game: &Game) -> bool {
    english_reformation(game) && game.reformer_state(Reformer::Cranmer) == ReformerState::NotArrived
}

/// The conditional cards that enter the deck at this card draw (§6.2,
/// §21.3), if they are in no pile and no hand:
/// - #62-#64 once Henry married Anne Boleyn (cards are added from turn 3);
/// - #19 Edward VI from turn 6 if Edward was born and Henry still rules;
/// - #21 Mary I from turn 6 if a sickly Edward rules, or Henry rules and no
///   Edward was born;
/// - #23 Elizabeth I once Mary I rules, if Elizabeth was born.
///
/// Two-player game (§24.3, its sequence of play): #19 from turn 6 while
/// Henry rules, #21 from turn 7 while Edward VI rules, #23 from turn 8
/// while Mary I rules; #62-#64 follow Henry's turn-4 marriage.
///
/// ```
/// use here_i_stand::{Card, Game, Scenario, Setup};
/// use here_i_stand::rules::england::english_cards_due;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_turn(6)?;
/// assert!(english_cards_due(&game).contains(Card::MaryI));
/// game.set_pregnancy_result(5, true)?;
/// assert!(english_cards_due(&game).contains(Card::EdwardVi));
/// assert!(!english_cards_due(&game).contains(Card::MaryI));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn english_cards_due(game: &Game) -> EnumSet<Card> {
    let turn = game.turn();
    let ruler = game.ruler(Power::England);
    let two_player = game.scenario() == Scenario::TwoPlayer;
    let mut due = EnumSet::EMPTY;
    if english_reformation(game) && turn >= 3 {
        due.extend([Card::BookOfCommonPrayer, Card::DissolutionOfTheMonasteries, Card::PilgrimageOfGrace]);
    }
    let (edward, mary, elizabeth) = if two_player {
        (
            turn >= HEIRS_TURN && ruler == Ruler::HenryViii,
            turn > HEIRS_TURN && ruler == Ruler::EdwardVi,
            turn > HEIRS_TURN + 1 && ruler == Ruler::MaryI,
        )
    } else {
        let healthy = game.pregnancy_result_had(HEALTHY_EDWARD);
        let heirs = turn >= HEIRS_TURN;
        (
            heirs && game.edward_born() && ruler == Ruler::HenryViii,
            heirs && ((ruler == Ruler::EdwardVi && !healthy) || (ruler == Ruler::HenryViii && !game.edward_born())),
            ruler == Ruler::MaryI && game.elizabeth_born(),
        )
    };
    for (card, enters) in [(Card::EdwardVi, edward), (Card::MaryI, mary), (Card::ElizabethI, elizabeth)] {
        if enters {
            due.insert(card);
        }
    }
    due.into_iter().filter(|&card| card_out_of_game(game, card)).collect()
}

/// Whether `card` is in no hand, no pile and not removed: not yet in the game.
fn card_out_of_game(game: &Game, card: Card) -> bool {
    !game.deck().contains(card)
        && !game.discard_pile().contains(card)
        && !game.removed_cards().contains(card)
        && Power::ALL.iter().all(|&p| !game.hand(p).contains(card))
        && !crate::rules::events::excluded_from(card, game.scenario())
}

/// Whether Mary I (#21), resolved now, acts as Edward VI (the late heir,
/// §21.3): Henry still rules and Edward was born.
///
/// ```
/// use here_i_stand::{Game, Scenario, Setup};
/// use here_i_stand::rules::england::mary_acts_as_edward;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(!mary_acts_as_edward(&game));
/// game.set_pregnancy_result(6, true)?;
/// assert!(mary_acts_as_edward(&game));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn mary_acts_as_edward(game: &Game) -> bool {
    game.ruler(Power::England) == Ruler::HenryViii && game.edward_born()
}

/// Whether Mary I (#21) goes back to the discard pile after its event now
/// (§21.3): played as a sickly Edward VI, it recurs; otherwise removed.
///
/// ```
/// use here_i_stand::{Game, Scenario, Setup};
/// use here_i_stand::rules::england::mary_recurs;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_pregnancy_result(5, true)?;
/// assert!(mary_recurs(&game));
/// game.set_pregnancy_result(6, true)?;
/// assert!(!mary_recurs(&game));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn mary_recurs(game: &Game) -> bool {
    mary_acts_as_edward(game) && !game.pregnancy_result_had(HEALTHY_EDWARD)
}

/// Whether Six Wives of Henry VIII (#3) may be played as an event by
/// `power` now: England, with a declaration of war or a marriage to make.
///
/// ```
/// use here_i_stand::{Game, Phase, Power, Scenario, Setup};
/// use here_i_stand::rules::england::six_wives_playable;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_phase(Phase::Action)?;
/// assert!(six_wives_playable(&game, Power::England));
/// assert!(!six_wives_playable(&game, Power::France));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn six_wives_playable(game: &Game, power: Power) -> bool {
    power == Power::England && (six_wives_marriage(game).is_some() || !six_wives_dow_targets(game).is_empty())
}

/// Editing England's succession state (for building positions).
impl Game {
    /// Puts Henry VIII's marital status marker on `status` (§21.3).
    ///
    /// ```
    /// use here_i_stand::{Game, MaritalStatus, Scenario, Setup};
    ///
    /// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
    /// game.set_marital_status(MaritalStatus::AnneBoleyn)?;
    /// assert_eq!(game.marital_status(), MaritalStatus::AnneBoleyn);
    /// # Ok::<(), here_i_stand::EditError>(())
    /// ```
    pub fn set_marital_status(&mut self, status: MaritalStatus) -> Result<(), crate::EditError> {
        self.succession.marital_status = status;
        Ok(())
    }

    /// Marks the pregnancy chart result `result` (1 to 6; others are
    /// ignored) as had or not, and sets the heir VP to match (§21.3, §23.2).
    ///
    /// ```
    /// use here_i_stand::{Game, Scenario, Setup};
    ///
    /// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
    /// game.set_pregnancy_result(5, true)?;
    /// assert_eq!(game.heir_vp(), 5);
    /// # Ok::<(), here_i_stand::EditError>(())
    /// ```
    pub fn set_pregnancy_result(&mut self, result: u8, had: bool) -> Result<(), crate::EditError> {
        if (1..=6).contains(&result) {
            let bit = 1u8 << result;
            if had {
                self.succession.results |= bit;
            } else {
                self.succession.results &= !bit;
            }
            self.heir_vp = heir_vp_earned(self);
        }
        Ok(())
    }

    /// Gives the Catherine of Aragon marker to the Hapsburg, or takes it back (§21.3).
    ///
    /// ```
    /// use here_i_stand::{Game, Scenario, Setup};
    ///
    /// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
    /// game.set_catherine_of_aragon_marker(true)?;
    /// assert!(game.catherine_of_aragon_marker());
    /// # Ok::<(), here_i_stand::EditError>(())
    /// ```
    pub fn set_catherine_of_aragon_marker(&mut self, held: bool) -> Result<(), crate::EditError> {
        self.succession.catherine_marker = held;
        Ok(())
    }
}

/// The die faces on which Mary I gives England's card to the Papacy (§21.3
/// step 3): 1 to 3.
pub const MARY_PAPAL_FACES: u8 = 3;

/// Whether Mary I's procedure applies to an English impulse now (§21.3
/// "Mary I in power" steps 1-5): Mary I rules, and some English home space
/// of the English language zone is not Catholic (Calais does not count).
/// The two-player game has its own version ([`two_player_mary_applies`]).
///
/// ```
/// use here_i_stand::{Game, Phase, Power, Religion, Ruler, Scenario, Setup, Space};
/// use here_i_stand::rules::england::mary_procedure_applies;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_phase(Phase::Action)?;
/// game.set_ruler(Power::England, Ruler::MaryI)?;
/// assert!(!mary_procedure_applies(&game)); // England is all Catholic
/// game.set_religion(Space::York, Religion::Protestant)?;
/// assert!(mary_procedure_applies(&game));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn mary_procedure_applies(game: &Game) -> bool {
    game.scenario() != Scenario::TwoPlayer && mary_may_act(game)
}

/// Mary I rules in the action phase and some English home space of the
/// English zone is not Catholic.
fn mary_may_act(game: &Game) -> bool {
    game.phase() == Phase::Action
        && game.ruler(Power::England) == Ruler::MaryI
        && Space::ALL.into_iter().any(|s| {
            s.home() == Faction::England
                && s.language() == Some(LanguageZone::English)
                && game.religion(s) != Religion::Catholic
        })
}

/// The lowest die face on which the two-player Papacy acts in England
/// under Mary I (§24.3): 5 (5 or 6).
pub const TWO_PLAYER_MARY_FACE: u8 = 5;

/// Whether the two-player Mary I roll follows a Protestant impulse now
/// (§24.3, ruling TZ15): the two-player game, Mary I rules, the action
/// phase, and some English home space of the English zone is not Catholic.
///
/// ```
/// use here_i_stand::{Game, Phase, Power, Religion, Ruler, Scenario, Setup, Space};
/// use here_i_stand::rules::england::two_player_mary_applies;
///
/// let mut game = Game::empty(Setup::new(Scenario::TwoPlayer, 0));
/// game.set_phase(Phase::Action)?;
/// game.set_ruler(Power::England, Ruler::MaryI)?;
/// assert!(!two_player_mary_applies(&game)); // England is all Catholic
/// game.set_religion(Space::York, Religion::Protestant)?;
/// assert!(two_player_mary_applies(&game));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn two_player_mary_applies(game: &Game) -> bool {
    game.scenario() == Scenario::TwoPlayer && mary_may_act(game)
}

/// What the Papacy does with an English card of `cp` CP taken under Mary I
/// (§21.3 step 3): `(burn books, debate)` in the English zone: 1-2 CP Burn
/// Books, 3 CP a debate, 4 or more both.
///
/// ```
/// use here_i_stand::rules::england::mary_papal_actions;
///
/// assert_eq!(mary_papal_actions(2), (true, false));
/// assert_eq!(mary_papal_actions(3), (false, true));
/// assert_eq!(mary_papal_actions(5), (true, true));
/// ```
pub fn mary_papal_actions(cp: u8) -> (bool, bool) {
    match cp {
        0 => (false, false),
        1 | 2 => (true, false),
        3 => (false, true),
        _ => (true, true),
    }
}

/// Whether Mary I forbids `power` to play `card` as an event (§21.3 step
/// 6): England's response and combat cards are CP only while she rules.
///
/// ```
/// use here_i_stand::{Card, Game, Power, Ruler, Scenario, Setup};
/// use here_i_stand::rules::england::mary_forbids_event;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(!mary_forbids_event(&game, Power::England, Card::FoulWeather));
/// game.set_ruler(Power::England, Ruler::MaryI)?;
/// assert!(mary_forbids_event(&game, Power::England, Card::FoulWeather));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn mary_forbids_event(game: &Game, power: Power, card: Card) -> bool {
    power == Power::England
        && game.ruler(Power::England) == Ruler::MaryI
        && matches!(card.kind(), CardKind::Response | CardKind::Combat)
}
