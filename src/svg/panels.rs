//! The panels right of the map: the turn track, the phase and whose
//! decision it is; each power's VP, ruler and hand; the diplomatic status
//! (wars and alliances, §9); the religious struggle (Protestant spaces,
//! St Peter's, the translation tracks, the debaters, §18); the New World
//! (§20); the foreign wars (§21.7); the turn track's pieces and the
//! captured leaders; then the legend (`legend.rs`).

use core::fmt::Write;

use super::{Escaped, PANEL_WIDTH, View, attr, colour, ink, label, num, text};
use crate::data::coords::MAP_WIDTH;
use crate::game::{DebaterState, LAST_TURN, LeaderLocation, ReformerState};
use crate::rules::foreign_war::{ForeignWar, leaders_on_card};
use crate::rules::religion::{FULL_BIBLE_BOXES, NEW_TESTAMENT_BOXES};
use crate::rules::victory::{counting_powers, protestant_spaces};
use crate::types::{
    Conquest, Debater, DebaterSide, Discovery, Explorer, Faction, LanguageZone, Leader, MinorPower, Phase, Power,
    Reformer,
};

/// The panels' left edge.
pub(super) const X0: i32 = MAP_WIDTH as i32 + 12;
/// Characters that fit on a line of small text across a panel.
const LINE_CHARS: usize = 104;

pub(super) fn draw(out: &mut String, view: &View<'_>) {
    out.push_str("<g id=\"panels\">\n<rect");
    attr(out, "x", MAP_WIDTH as i32);
    out.push_str(" y=\"0\"");
    attr(out, "width", PANEL_WIDTH);
    attr(out, "height", super::HEIGHT);
    out.push_str(" fill=\"#f7f1e3\"/>\n");
    let mut y = turn_and_phase(out, view, 8);
    y = powers(out, view, y + 8);
    y = diplomacy(out, view, y + 8);
    y = religion(out, view, y + 8);
    y = new_world(out, view, y + 8);
    y = wars_and_track(out, view, y + 8);
    super::legend::draw(out, y + 8);
    out.push_str("</g>\n");
}

/// A panel's frame and heading; its content starts below `y + 18`.
fn heading(out: &mut String, y: i32, title: &str) -> i32 {
    label(out, X0, y + 13, "class=\"ph\"", title);
    y + 18
}

/// Small text that wraps at `LINE_CHARS`, one `<text>` a line.
struct Para<'a> {
    out: &'a mut String,
    x: i32,
    y: i32,
    len: usize,
    open: bool,
}

impl<'a> Para<'a> {
    fn new(out: &'a mut String, x: i32, y: i32) -> Para<'a> {
        Para { out, x, y, len: 0, open: false }
    }

    /// Makes room for `chars` more characters; `glue` keeps them on the
    /// line (punctuation after a word).
    fn room(&mut self, chars: usize, glue: bool) {
        if self.open && !glue && self.len + chars > LINE_CHARS {
            self.out.push_str("</text>\n");
            self.open = false;
            self.y += 13;
        }
        if !self.open {
            self.out.push_str("<text");
            attr(self.out, "x", self.x);
            attr(self.out, "y", self.y);
            self.out.push_str(" class=\"sm\">");
            self.open = true;
            self.len = 0;
        }
        self.len += chars;
    }

    /// Adds `s`, starting a new line first if it does not fit.
    fn word(&mut self, s: &str) -> &mut Self {
        let glue = s.starts_with([',', '.', ')', ':', ';']);
        self.room(s.chars().count(), glue);
        text(self.out, s);
        self
    }

    fn number(&mut self, n: i32) -> &mut Self {
        self.room(if n.abs() >= 10 { 3 } else { 2 }, false);
        num(self.out, n);
        self
    }

    /// Adds "#12 Name" on one line.
    fn card(&mut self, card: crate::types::Card) -> &mut Self {
        let number = card.number();
        let digits = if number >= 100 {
            3
        } else if number >= 10 {
            2
        } else {
            1
        };
        self.room(2 + digits + card.name().chars().count(), false);
        self.out.push('#');
        num(self.out, i32::from(number));
        self.out.push(' ');
        text(self.out, card.name());
        self
    }

    /// Ends the paragraph; returns the baseline below its last line.
    fn end(self) -> i32 {
        if self.open {
            self.out.push_str("</text>\n");
            self.y + 13
        } else {
            self.y
        }
    }
}

/// A row of `total` boxes, the first `filled` filled; returns its width.
fn boxes(out: &mut String, x: i32, y: i32, total: u8, filled: u8, size: i32) -> i32 {
    for i in 0..i32::from(total) {
        out.push_str("<rect");
        attr(out, "x", x + i * (size + 2));
        attr(out, "y", y);
        attr(out, "width", size);
        attr(out, "height", size);
        out.push_str(if i < i32::from(filled) { " class=\"on\"/>" } else { " class=\"bx\"/>" });
    }
    out.push('\n');
    i32::from(total) * (size + 2)
}

/// A swatch of `faction`'s colour at (x, y), `w` wide, with its name.
fn swatch(out: &mut String, x: i32, y: i32, w: i32, faction: Faction, name: &str) {
    out.push_str("<rect");
    attr(out, "x", x);
    attr(out, "y", y);
    attr(out, "width", w);
    out.push_str(" height=\"14\" stroke=\"#000\" stroke-width=\"0.6\" fill=\"");
    out.push_str(colour(faction));
    out.push_str("\"/><text");
    attr(out, "x", x + 3);
    attr(out, "y", y + 11);
    out.push_str(" font-size=\"10\" font-weight=\"bold\" fill=\"");
    out.push_str(ink(faction));
    out.push_str("\">");
    text(out, name);
    out.push_str("</text>\n");
}

const PHASES: [Phase; 9] = [
    Phase::LuthersTheses,
    Phase::CardDraw,
    Phase::Diplomacy,
    Phase::DietOfWorms,
    Phase::SpringDeployment,
    Phase::Action,
    Phase::Winter,
    Phase::NewWorld,
    Phase::VictoryDetermination,
];

/// The turn track (§4.1), the sequence of play with the phase now, and
/// the pending decision or the result.
fn turn_and_phase(out: &mut String, view: &View<'_>, y: i32) -> i32 {
    let game = view.game;
    out.push_str("<text");
    attr(out, "x", X0);
    attr(out, "y", y + 16);
    out.push_str(" font-size=\"17\" font-weight=\"bold\" fill=\"#222\">Here I Stand: turn ");
    num(out, i32::from(game.turn()));
    out.push_str(match game.scenario() {
        crate::Scenario::Y1517 => " (1517 scenario)",
        crate::Scenario::Y1532 => " (1532 scenario)",
        crate::Scenario::TwoPlayer => " (two-player variant)",
        crate::Scenario::Tournament => " (tournament scenario)",
    });
    if let Some(viewer) = view.viewer {
        out.push_str(", as ");
        text(out, viewer.name());
        out.push_str(" sees it");
    }
    out.push_str("</text>\n");
    let y = heading(out, y + 22, "Turn track");
    for turn in 1..=LAST_TURN {
        let x = X0 + i32::from(turn - 1) * 40;
        out.push_str("<rect");
        attr(out, "x", x);
        attr(out, "y", y);
        out.push_str(" width=\"36\" height=\"18\"");
        out.push_str(if turn == game.turn() { " class=\"on\"/>" } else { " class=\"bx\"/>" });
        out.push_str("<text");
        attr(out, "x", x + 18);
        attr(out, "y", y + 13);
        out.push_str(" class=\"pt\" text-anchor=\"middle\">");
        num(out, i32::from(turn));
        out.push_str("</text>\n");
    }
    let y = y + 24;
    let mut x = X0;
    for phase in PHASES {
        let w = phase.name().chars().count() as i32 * 5 + 8;
        let w = w.min(90);
        out.push_str("<rect");
        attr(out, "x", x);
        attr(out, "y", y);
        attr(out, "width", w);
        out.push_str(" height=\"15\"");
        out.push_str(if phase == game.phase() { " class=\"on\"/>" } else { " class=\"bx\"/>" });
        out.push_str("<text");
        attr(out, "x", x + 3);
        attr(out, "y", y + 11);
        out.push_str(" font-size=\"8\">");
        text(out, phase.name());
        out.push_str("</text>\n");
        x += w + 2;
    }
    decision(out, view, y + 30)
}

/// "To decide: France, spend CP (card ..., at Paris, 3 CP left): prompt".
fn decision(out: &mut String, view: &View<'_>, y: i32) -> i32 {
    let game = view.game;
    if let Some(outcome) = game.outcome() {
        out.push_str("<text");
        attr(out, "x", X0);
        attr(out, "y", y);
        out.push_str(" class=\"ph\">Game over: ");
        let _ = write!(Escaped(out), "{outcome}");
        out.push_str("</text>\n");
        return y + 8;
    }
    let pending = game.pending();
    if let Some(power) = pending.power {
        swatch(out, X0, y - 11, 80, power.into(), power.name());
    }
    let mut para = Para::new(out, X0 + 86, y);
    para.word("to decide: ").word(pending.kind.name());
    let mut context = false;
    let mut part = |para: &mut Para<'_>, prefix: &str, name: &str| {
        para.word(if context { ", " } else { " (" }).word(prefix).word(name);
        context = true;
    };
    if let Some(card) = pending.card {
        part(&mut para, "card ", card.name());
    }
    if let Some(space) = pending.space {
        part(&mut para, "at ", space.name());
    }
    if let Some(zone) = pending.sea_zone {
        part(&mut para, "in the ", zone.name());
    }
    if let Some(opponent) = pending.opponent {
        part(&mut para, "facing ", opponent.name());
    }
    if let Some(leader) = pending.leader {
        part(&mut para, "leader ", leader.name());
    }
    if let Some(minor) = pending.minor {
        part(&mut para, "for ", minor.name());
    }
    if let Some(cp) = pending.cp {
        para.word(if context { ", " } else { " (" }).number(i32::from(cp)).word(" CP left");
        context = true;
    }
    if context {
        para.word(")");
    }
    para.word(": ").word(pending.prompt);
    para.end()
}

/// Per power: its VP (base, special, bonus), keys, ruler, hand (backs for
/// what the picture may not name).
fn powers(out: &mut String, view: &View<'_>, y: i32) -> i32 {
    let game = view.game;
    let mut y = heading(out, y, "Powers: VP, keys, ruler, cards in hand");
    let counting = counting_powers(game.scenario());
    for power in Power::ALL {
        let vp = game.vp(power);
        swatch(out, X0, y, 80, power.into(), power.name());
        out.push_str("<text");
        attr(out, "x", X0 + 86);
        attr(out, "y", y + 12);
        out.push_str(" class=\"pt\"><tspan font-weight=\"bold\" font-size=\"13\">");
        num(out, i32::from(vp.total()));
        out.push_str(" VP</tspan> (base ");
        num(out, i32::from(vp.base));
        out.push_str(", special ");
        num(out, i32::from(vp.special.total()));
        out.push_str(", bonus ");
        num(out, i32::from(vp.bonus));
        out.push_str(if counting.contains(power) { ")" } else { "; not playing)" });
        out.push_str(", keys ");
        num(out, game.keys_controlled(power).len() as i32);
        out.push_str(", ruler ");
        let ruler = game.ruler(power);
        text(out, ruler.name());
        if game.is_excommunicated(ruler) {
            out.push_str(" (excommunicated)");
        }
        out.push_str("</text>\n");
        // The VP bar, 25 VP wide (§23.3).
        let bar = i32::from(vp.total().clamp(0, 25)) * 5;
        out.push_str("<rect");
        attr(out, "x", X0 + 480);
        attr(out, "y", y + 3);
        attr(out, "width", bar.max(1));
        out.push_str(" height=\"8\" fill=\"");
        out.push_str(colour(power.into()));
        out.push_str("\" stroke=\"#000\" stroke-width=\"0.5\"/>\n");
        y = hand(out, view, power, y + 18);
    }
    y
}

/// A hand: one card back per card, then the names the picture may show.
fn hand(out: &mut String, view: &View<'_>, power: Power, y: i32) -> i32 {
    let size = view.hand_sizes[power.index()];
    let faces = view.faces[power.index()];
    let backs = size.saturating_sub(faces.len() as u8);
    for i in 0..i32::from(size.min(24)) {
        out.push_str("<rect");
        attr(out, "x", X0 + i * 8);
        attr(out, "y", y);
        out.push_str(" width=\"7\" height=\"11\" rx=\"1\"");
        out.push_str(if i < i32::from(size - backs) {
            " fill=\"#fffbe8\" stroke=\"#555\" stroke-width=\"0.6\"/>"
        } else {
            " fill=\"#5b3a1e\" stroke=\"#000\" stroke-width=\"0.6\"/>"
        });
    }
    let mut para = Para::new(out, X0 + 8 * 12 + 8, y + 9);
    para.number(i32::from(size)).word(if size == 1 { " card" } else { " cards" });
    let dip = view.dip_sizes[power.index()];
    if dip > 0 {
        para.word(", ").number(i32::from(dip)).word(" diplomatic");
    }
    if !faces.is_empty() {
        para.word(": ");
        for (i, card) in faces.iter().enumerate() {
            if i > 0 {
                para.word(", ");
            }
            para.card(card);
        }
        if backs > 0 {
            para.word(" and ").number(i32::from(backs)).word(" unseen");
        }
    }
    para.end().max(y + 22)
}

/// The diplomatic status (§9): each major power's wars (W) and alliances
/// (A) with the other powers and the minors.
fn diplomacy(out: &mut String, view: &View<'_>, y: i32) -> i32 {
    let game = view.game;
    let y = heading(out, y, "Diplomatic status (W war, A alliance)");
    let columns = Power::ALL.map(Faction::from).into_iter().chain(MinorPower::ALL.map(Faction::from));
    for (c, faction) in columns.clone().enumerate() {
        let x = X0 + 84 + c as i32 * 52;
        swatch(out, x, y, 50, faction, short(faction));
    }
    for (r, power) in Power::ALL.into_iter().enumerate() {
        let row_y = y + 16 + r as i32 * 16;
        swatch(out, X0, row_y, 80, power.into(), power.name());
        for (c, faction) in columns.clone().enumerate() {
            let x = X0 + 84 + c as i32 * 52;
            let (fill, mark) = if Faction::from(power) == faction {
                ("#bbb", "")
            } else if game.at_war(power, faction) {
                ("#f3b0b0", "W")
            } else if game.allied(power, faction) {
                ("#b6e3b0", "A")
            } else {
                ("#fff", "")
            };
            out.push_str("<rect");
            attr(out, "x", x);
            attr(out, "y", row_y);
            out.push_str(" width=\"50\" height=\"14\" stroke=\"#888\" stroke-width=\"0.5\" fill=\"");
            out.push_str(fill);
            out.push_str("\"/>");
            label(out, x + 25, row_y + 11, "font-size=\"10\" font-weight=\"bold\" text-anchor=\"middle\"", mark);
        }
    }
    y + 16 + 6 * 16
}

/// A faction's name cut to fit a matrix column.
fn short(faction: Faction) -> &'static str {
    match faction {
        Faction::HungaryBohemia => "Hun-Boh",
        Faction::Protestant => "Protest.",
        Faction::Hapsburg => "Hapsb.",
        Faction::Ottoman => "Ottom.",
        Faction::Scotland => "Scotl.",
        _ => faction.name(),
    }
}

/// The religious struggle: the Protestant spaces track (§12.4), St
/// Peter's (§21.5), the translation tracks (§18.1), the debaters, the
/// reformers, the Schmalkaldic League.
fn religion(out: &mut String, view: &View<'_>, y: i32) -> i32 {
    let game = view.game;
    let mut y = heading(out, y, "Religious struggle");
    let count = protestant_spaces(game);
    out.push_str("<text");
    attr(out, "x", X0);
    attr(out, "y", y + 10);
    out.push_str(" class=\"pt\">Protestant spaces: <tspan font-weight=\"bold\">");
    num(out, i32::from(count));
    out.push_str("</tspan> (the track, 0 to 50)");
    out.push_str(if game.schmalkaldic_league() { "; Schmalkaldic League formed" } else { "" });
    out.push_str("</text>\n");
    boxes(out, X0, y + 14, 50, count.min(50), 10);
    y += 30;
    out.push_str("<text");
    attr(out, "x", X0);
    attr(out, "y", y + 10);
    out.push_str(" class=\"pt\">St Peter's: ");
    num(out, i32::from(game.st_peters_cp()));
    out.push_str(" CP in the box, ");
    num(out, i32::from(game.st_peters_vp()));
    out.push_str(" of 5 VP built</text>\n");
    boxes(out, X0 + 350, y + 2, 5, game.st_peters_vp(), 9);
    y += 16;
    for zone in [LanguageZone::English, LanguageZone::French, LanguageZone::German] {
        let nt = game.new_testament(zone);
        let bible = game.full_bible(zone);
        out.push_str("<text");
        attr(out, "x", X0);
        attr(out, "y", y + 10);
        out.push_str(" class=\"pt\">");
        text(out, zone.name());
        out.push_str(" translation: New Testament ");
        num(out, i32::from(nt));
        out.push_str(", Full Bible ");
        num(out, i32::from(bible));
        out.push_str("</text>\n");
        let w = boxes(out, X0 + 350, y + 2, NEW_TESTAMENT_BOXES, nt, 9);
        boxes(out, X0 + 360 + w, y + 2, FULL_BIBLE_BOXES, bible, 9);
        y += 15;
    }
    let mut para = Para::new(out, X0, y + 10);
    for (side, name) in [(true, "Papal debaters: "), (false, "Protestant debaters: ")] {
        para.word(name);
        let mut first = true;
        for debater in Debater::ALL.into_iter().filter(|d| (d.side() == DebaterSide::Papal) == side) {
            let state = game.debater_state(debater);
            if matches!(state, DebaterState::Uncommitted | DebaterState::Committed) {
                if !first {
                    para.word(", ");
                }
                first = false;
                para.word(debater.name()).word(if state == DebaterState::Committed { " (committed)" } else { "" });
            }
        }
        para.word(if first { "none. " } else { ". " });
    }
    para.word("Reformers: ");
    let mut first = true;
    for reformer in Reformer::ALL.into_iter().filter(|&r| game.reformer_state(r) == ReformerState::OnMap) {
        if !first {
            para.word(", ");
        }
        first = false;
        para.word(reformer.name()).word(" in ").word(reformer.space().name());
    }
    para.word(if first { "none." } else { "." });
    para.end()
}

/// The New World (§20): the colonies, the voyages underway, the
/// discoveries and conquests with their holders and explorers.
fn new_world(out: &mut String, view: &View<'_>, y: i32) -> i32 {
    let game = view.game;
    let y = heading(out, y, "New World");
    let mut para = Para::new(out, X0, y + 10);
    for power in [Power::Hapsburg, Power::England, Power::France] {
        para.word(power.name()).word(": colonies ").number(i32::from(game.colonies(power)));
        if game.potosi() == Some(power) {
            para.word(" + Potosi");
        }
        if game.colony_crossing(power) {
            para.word(", colony crossing");
        }
        if game.exploration_underway(power).is_some() {
            para.word(", exploration underway");
        }
        if game.conquest_underway(power).is_some() {
            para.word(", conquest underway");
        }
        if game.galleons(power) {
            para.word(", Galleons");
        }
        if game.plantations(power) {
            para.word(", Plantations");
        }
        if game.raider(power) {
            para.word(", raider");
        }
        para.word(", New World VP ").number(i32::from(game.new_world_vp(power))).word(". ");
    }
    if let Some(governor) = game.colonial_governor() {
        para.word(if governor.uprising { "Native Uprising: " } else { "Colonial Governor: " })
            .word(governor.power.name())
            .word(". ");
    }
    para.word("Discoveries: ");
    for (i, discovery) in Discovery::ALL.into_iter().enumerate() {
        para.word(if i > 0 { ", " } else { "" }).word(discovery.name()).word(" ");
        match game.discovery_holder(discovery) {
            Some(power) => {
                para.word(power.name());
                let by = Explorer::ALL
                    .into_iter()
                    .find(|&e| game.explorer_at(e) == crate::rules::new_world::ExplorerAt::Discovery(discovery));
                if let Some(explorer) = by {
                    para.word(" (").word(explorer.name()).word(")");
                }
            }
            None => {
                para.word("-");
            }
        }
    }
    para.word(". Conquests: ");
    for (i, conquest) in Conquest::ALL.into_iter().enumerate() {
        para.word(if i > 0 { ", " } else { "" }).word(conquest.name()).word(" ");
        match game.conquest_holder(conquest) {
            Some(holding) => {
                para.word(holding.power.name()).word(if holding.depleted { " (depleted)" } else { "" });
            }
            None => {
                para.word("-");
            }
        }
    }
    para.word(".");
    para.end()
}

/// The foreign wars (§21.7), the pieces on the turn track, the captured
/// leaders, the deck and the discard pile.
fn wars_and_track(out: &mut String, view: &View<'_>, y: i32) -> i32 {
    let game = view.game;
    let y = heading(out, y, "Foreign wars, turn track, captives, deck");
    let mut para = Para::new(out, X0, y + 10);
    for war in ForeignWar::ALL {
        para.word(war.name()).word(": ");
        match game.foreign_war(war) {
            Some(card) => {
                para.word("at war; ");
                let start = para.out.len();
                let _ = write!(Escaped(para.out), "{}", card.units);
                let written = para.out.len() - start;
                para.len += written;
                para.word(" and ").number(i32::from(card.independents)).word(" independent");
                for (i, leader) in leaders_on_card(game, war).iter().enumerate() {
                    para.word(if i == 0 { "; " } else { ", " }).word(leader.name());
                }
                para.word(". ");
            }
            None => {
                para.word("no. ");
            }
        }
    }
    para.word("On the turn track:");
    let mut any = false;
    for faction in Faction::ALL {
        let ships = game.naval_on_turn_track(faction);
        if ships.total() > 0 {
            para.word(" ").word(faction.name()).word(" ");
            let start = para.out.len();
            let _ = write!(Escaped(para.out), "{ships};");
            para.len += para.out.len() - start;
            any = true;
        }
    }
    for leader in Leader::ALL.into_iter().filter(|&l| game.leader_location(l) == LeaderLocation::TurnTrack) {
        para.word(" ").word(leader.name()).word(";");
        any = true;
    }
    para.word(if any { " " } else { " nothing. " });
    para.word("Captured:");
    let mut any = false;
    for leader in Leader::ALL {
        if let LeaderLocation::Captured(by) = game.leader_location(leader) {
            para.word(" ").word(leader.name()).word(" (by ").word(by.name()).word(");");
            any = true;
        }
    }
    para.word(if any { " " } else { " none. " });
    markers(&mut para, view);
    para.word("Deck ").number(view.deck as i32).word(", discard pile ");
    para.number(game.discard_pile().len() as i32).word(", removed ").number(game.removed_cards().len() as i32);
    para.word(".");
    para.end()
}

/// The other markers of the board: Henry VIII's marriages (§21.3), the
/// electorate display (§21.6), card penalties, Phony War markers (§9.6),
/// Hungary-Bohemia defeated, excommunicated reformers, skipped impulses.
fn markers(para: &mut Para<'_>, view: &View<'_>) {
    let game = view.game;
    para.word("Henry VIII: ").word(game.marital_status().name()).word(". ");
    let display = game.electorate_display();
    if !display.is_empty() {
        para.word("Electorate display:");
        for space in display {
            para.word(" ").word(space.name());
        }
        para.word(". ");
    }
    for power in Power::ALL {
        let penalties = game.card_penalties(power);
        if penalties > 0 {
            para.word(power.name()).word(" card penalties ").number(i32::from(penalties)).word(". ");
        }
    }
    for minor in MinorPower::ALL {
        if let Some(power) = game.phony_war(minor) {
            para.word("Phony War: ").word(power.name()).word(" and ").word(minor.name()).word(". ");
        }
    }
    if game.hungary_bohemia_defeated() {
        para.word("Hungary-Bohemia defeated. ");
    }
    for reformer in game.reformers_excommunicated() {
        para.word(reformer.name()).word(" excommunicated. ");
    }
    for power in game.impulses_to_skip() {
        para.word(power.name()).word(" skips its next impulse. ");
    }
}
