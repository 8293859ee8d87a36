//! England's succession (§21.3): Six Wives of Henry VIII (#3) and its two
//! uses, the marital status track and the pregnancy chart, the English
//! Reformation's arrivals at the card draw (§8, §6.2), and the heirs'
//! mandatory events #19 Edward VI, #21 Mary I and #23 Elizabeth I.
//! The pure rules are in `rules::england`.

use crate::engine::Log;
use crate::event::Event;
use crate::frames::Frame;
use crate::frames::reformation::{Series, Source};
use crate::game::{DebaterState, Game, LeaderLocation, ReformerState, Scenario};
use crate::rules::diplomacy as dip;
use crate::rules::england::{self as rules, BEHEADED, ELIZABETH, HEALTHY_EDWARD, SICKLY_EDWARD};
use crate::rules::religion::AttemptKind;
use crate::sets::EnumSet;
use crate::types::{
    Card, CardKind, Debater, Faction, LanguageZone, Leader, MaritalStatus, Power, Reformer, Religion, Space,
};

impl Game {
    /// The declaration-of-war use of #3: England declares war on `target`,
    /// then spends 5 CP. After a declaration on Scotland, France may
    /// intervene without paying (the `Intervention` frame above the CP).
    pub(crate) fn six_wives_war(&mut self, target: Faction, log: &mut dyn Log) {
        let england = Power::England;
        self.stack.push(Frame::spend(england, rules::SIX_WIVES_DOW_CP, None));
        // Legal: `six_wives_dow_targets` checked the restrictions.
        if self.set_war(england, target, true).is_ok() {
            log.event(Event::WarDeclared { power: england, target });
        }
        if let Some(minor) = target.minor() {
            if let Some(intervener) = dip::intervener(minor) {
                if dip::may_intervene(self, intervener, minor, england) {
                    self.stack.push(Frame::Intervention { power: intervener, minor, declarer: england });
                    return;
                }
            }
        }
        // §9.6: fleets of the two now at war fight at once, before the CP
        // (CA5; not after a French intervention for Scotland).
        self.begin_declared_naval_battles(england, log);
    }

    /// Henry's marital status advances one box if it may
    /// (`rules::england::next_marriage`); Anne Boleyn gives the Hapsburg
    /// the Catherine of Aragon marker; a new wife is rolled for on the
    /// pregnancy chart, then her bonus applies (§21.3).
    pub(crate) fn advance_marriage(&mut self, log: &mut dyn Log) {
        if let Some(wife) = rules::next_marriage(self) {
            self.marry(wife, log);
        }
    }

    /// Henry's marital status moves to `wife`, with its consequences (see
    /// [`Game::advance_marriage`]); also the Papal divorce of a deal (§9.1).
    pub(crate) fn marry(&mut self, wife: MaritalStatus, log: &mut dyn Log) {
        self.succession.marital_status = wife;
        log.event(Event::MaritalStatusAdvanced(wife));
        if wife == MaritalStatus::AnneBoleyn && !self.succession.catherine_marker {
            self.succession.catherine_marker = true;
            log.event(Event::CatherineOfAragonMarker(true));
        }
        if !wife.is_new_wife() {
            return;
        }
        if wife == MaritalStatus::KatherineParr {
            // Both heirs are born (a sickly Edward if none was: our ruling).
            if !self.elizabeth_born() {
                self.pregnancy_outcome(wife, None, ELIZABETH, log);
            }
            if !self.edward_born() {
                self.pregnancy_outcome(wife, None, SICKLY_EDWARD, log);
            }
            return;
        }
        let dice = self.roll_dice(1);
        match rules::pregnancy_result(self, wife, dice.sum()) {
            Some(result) => self.pregnancy_outcome(wife, Some(dice), result, log),
            None => log.event(Event::PregnancyChart { wife, dice: Some(dice), result: None }),
        }
        match wife {
            MaritalStatus::AnneOfCleves if self.allied(Power::England, Power::Protestant) => {
                self.draw_from_deck(Power::England, log);
                self.draw_from_deck(Power::Protestant, log);
            }
            MaritalStatus::KathrynHoward => self.draw_from_deck(Power::England, log),
            _ => {}
        }
    }

    /// Records a pregnancy chart `result` for `wife` and applies it (§21.3):
    /// the heir VP; a beheading waits for England's next pass; a healthy
    /// Edward takes Mary I (unless already in the game: the late heir) and
    /// Elizabeth I out of the game.
    fn pregnancy_outcome(&mut self, wife: MaritalStatus, dice: Option<crate::Dice>, result: u8, log: &mut dyn Log) {
        self.succession.results |= 1 << result;
        self.heir_vp = rules::heir_vp_earned(self);
        log.event(Event::PregnancyChart { wife, dice, result: Some(result) });
        match result {
            BEHEADED => self.succession.beheading_pending = true,
            HEALTHY_EDWARD => {
                for card in [Card::MaryI, Card::ElizabethI] {
                    if !self.card_in_game(card) {
                        self.removed.insert(card);
                    }
                }
            }
            _ => {}
        }
    }

    /// Whether `card` is in the deck, the discard pile or a hand.
    fn card_in_game(&self, card: Card) -> bool {
        self.deck.contains(card) || self.discard.contains(card) || self.hands.iter().any(|h| h.contains(card))
    }

    /// England passes (§21.3): a beheading this turn advances the marital
    /// status once more, at the first pass, if Henry is free to marry.
    pub(crate) fn english_pass(&mut self, log: &mut dyn Log) {
        if self.succession.beheading_pending {
            self.succession.beheading_pending = false;
            self.advance_marriage(log);
        }
    }

    /// England's part of the card draw (§8, §6.2, §21.3, §24.3): a beheading
    /// still pending lapses; after Anne Boleyn the Cranmer reformer arrives
    /// in London (turning it Protestant) with the debaters Cranmer,
    /// Coverdale and Latimer (§21.3, on turn 3 too); the two-player game's Henry marries
    /// Anne Boleyn on turn 4; the conditional cards enter the deck
    /// (`rules::england::english_cards_due`).
    pub(crate) fn english_card_draw(&mut self, log: &mut dyn Log) {
        self.succession.beheading_pending = false;
        if rules::cranmer_arrives(self) {
            self.reformers[Reformer::Cranmer.index()] = ReformerState::OnMap;
            log.event(Event::ReformerPlaced(Reformer::Cranmer));
            let london = Reformer::Cranmer.space();
            if self.religion(london) == Religion::Catholic {
                self.put_religion(london, Religion::Protestant);
                log.event(Event::ReligionChanged { space: london, religion: Religion::Protestant });
            }
        }
        // §21.3: Cranmer, Coverdale and Latimer enter with the reformer
        // Cranmer, even on turn 3 (§8: delayed until Cranmer appears).
        if self.reformer_state(Reformer::Cranmer) != ReformerState::NotArrived {
            for debater in [Debater::Cranmer, Debater::Coverdale, Debater::Latimer] {
                if self.debater_state(debater) == DebaterState::NotArrived {
                    self.debaters[debater.index()] = DebaterState::Uncommitted;
                }
            }
        }
        let two_player_wedding = self.scenario() == Scenario::TwoPlayer
            && self.turn >= rules::TWO_PLAYER_ANNE_BOLEYN_TURN
            && self.marital_status() < MaritalStatus::AnneBoleyn;
        if two_player_wedding {
            self.succession.marital_status = MaritalStatus::AnneBoleyn;
            log.event(Event::MaritalStatusAdvanced(MaritalStatus::AnneBoleyn));
        }
        for card in rules::english_cards_due(self) {
            self.deck.insert(card);
            log.event(Event::CardAdded(card));
        }
    }

    /// Henry VIII leaves the game; Dudley enters in London (if England
    /// controls it) or in Henry's space, England choosing (cards #19, #21).
    /// Two-player game: only in Henry's space (as Henry II, ruling C5).
    pub(crate) fn henry_dies(&mut self, log: &mut dyn Log) {
        let at = self.leader_location(Leader::HenryViii);
        if at != LeaderLocation::Removed {
            self.leaders[Leader::HenryViii.index()] = LeaderLocation::Removed;
            log.event(Event::LeaderRemoved(Leader::HenryViii));
        }
        if self.leader_location(Leader::Dudley) != LeaderLocation::Unavailable {
            return;
        }
        let mut spaces = EnumSet::EMPTY;
        if self.scenario() != Scenario::TwoPlayer && self.controller(Space::London) == Faction::England {
            spaces.insert(Space::London);
        }
        if let LeaderLocation::Space(space) = at {
            spaces.insert(space);
        }
        self.place_leader(Power::England, Leader::Dudley, spaces, log);
    }
}

/// Mary I in power (§21.3 steps 1-6).
impl Game {
    /// England plays `card` under Mary I: unless the procedure does not
    /// apply now (`rules::england::mary_procedure_applies`) or the card is
    /// a mandatory event, England rolls 1d6; on 1-3 the card's CP go to the
    /// Papacy (Burn Books in the English zone, a debate there, or both:
    /// Burn Books first, then the debate) and England's impulse is over.
    /// Returns whether the Papacy took the card. England names its use of
    /// the card with the card (our ruling): the roll comes before either.
    pub(crate) fn mary_takes_card(&mut self, card: Card, log: &mut dyn Log) -> bool {
        if card.kind() == CardKind::Mandatory || !rules::mary_procedure_applies(self) {
            return false;
        }
        let dice = self.roll_dice(1);
        let papal = dice.sum() <= rules::MARY_PAPAL_FACES;
        log.event(Event::MaryIRoll { card, dice, papal });
        if !papal {
            return false;
        }
        self.passes_in_row = 0;
        self.hands[Power::England.index()].remove(card);
        if card.kind() != CardKind::Home {
            self.discard.insert(card);
        }
        self.mary_papal_spend(card.cp());
        true
    }

    /// The Papacy spends `cp` in England under Mary I (§21.3): Burn Books,
    /// a debate, or both, as `rules::mary_papal_actions` gives; the debate
    /// waits for the attempts. Returns whether Burn Books began.
    fn mary_papal_spend(&mut self, cp: u8) -> bool {
        let (burn, debate) = rules::mary_papal_actions(cp);
        self.succession.mary_debate_pending = debate;
        if burn {
            let kind = AttemptKind::CounterReformation;
            let zone = Some(LanguageZone::English);
            self.begin_attempts(Series::new(Power::Papacy, kind, Source::BurnBooks, zone, BURN_BOOKS_ATTEMPTS));
        }
        burn
    }

    /// Two-player Mary I (§24.3, ruling TZ15), once the Protestant's impulse
    /// is over: the Papacy rolls 1d6; on 5-6 it draws a card from the deck,
    /// discards it and spends its CP in England as in the six-player game
    /// (Burn Books, a debate, or both). Returns whether frames were pushed.
    pub(crate) fn two_player_mary(&mut self, log: &mut dyn Log) -> bool {
        if !self.succession.mary_roll_due {
            return false;
        }
        self.succession.mary_roll_due = false;
        if !rules::two_player_mary_applies(self) {
            return false;
        }
        let dice = self.roll_dice(1);
        let card = if dice.sum() >= rules::TWO_PLAYER_MARY_FACE { self.draw_for_mary() } else { None };
        log.event(Event::TwoPlayerMaryIRoll { dice, card });
        let Some(card) = card else { return false };
        if self.mary_papal_spend(card.cp()) {
            return !self.stack.is_empty();
        }
        self.mary_debate(log)
    }

    /// A random card of the deck, discarded (two-player Mary I).
    fn draw_for_mary(&mut self) -> Option<Card> {
        if self.deck.is_empty() {
            return None;
        }
        let pick = self.random_below(self.deck.len());
        let card = self.deck.nth(pick)?;
        self.deck.remove(card);
        self.discard.insert(card);
        Some(card)
    }

    /// The debate Mary I's Papal action still owes, once its Burn Books
    /// attempts are over: called by the Papacy in the English zone. Returns
    /// whether frames were pushed.
    pub(crate) fn mary_debate(&mut self, log: &mut dyn Log) -> bool {
        if !self.succession.mary_debate_pending {
            return false;
        }
        self.succession.mary_debate_pending = false;
        self.begin_debate(Power::Papacy, LanguageZone::English, log);
        !self.stack.is_empty()
    }
}

/// The attempts of a Burn Books (§18.1).
const BURN_BOOKS_ATTEMPTS: u8 = 2;
