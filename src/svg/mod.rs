//! A picture of the board as SVG (issue #33, feature `svg`): the map drawn
//! from the real cities' positions (`map`), the position on it (`pieces`),
//! and the tracks and displays of the printed board beside it (`panels`).
//!
//! The output is self-contained SVG 1.1: no external file, image or font
//! (the generic `sans-serif` family), so browsers and resvg draw it alike.
//! Every land space is a group `id="space-<id>"` and every sea zone a group
//! `id="sea-<id>"`, each with a `<title>` naming it and its state, for a
//! client to style or click. It is written with `core::fmt::Write` into one
//! `String` sized beforehand: drawing allocates nothing else.

mod legend;
mod map;
mod panels;
mod pieces;

use core::fmt::{self, Write};

use crate::data::coords::{MAP_HEIGHT, MAP_WIDTH};
use crate::game::Game;
use crate::observe::Observation;
use crate::sets::EnumSet;
use crate::types::{Card, Faction, LanguageZone, Power};

/// What [`Game::board_svg`] draws beyond the position itself.
///
/// ```
/// use here_i_stand::SvgOptions;
/// let options = SvgOptions::default().with_card_faces(false);
/// assert!(!options.card_faces);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct SvgOptions {
    /// Name the cards in each hand (the hands the picture may show: all of
    /// them for a game, the viewer's own and the public ones for an
    /// observation). Without, every hand shows as card backs.
    pub card_faces: bool,
    /// Draw the connections, passes and port links (on by default).
    pub connections: bool,
}

impl Default for SvgOptions {
    fn default() -> SvgOptions {
        SvgOptions { card_faces: true, connections: true }
    }
}

impl SvgOptions {
    /// With or without the cards' names.
    pub fn with_card_faces(self, card_faces: bool) -> SvgOptions {
        SvgOptions { card_faces, ..self }
    }

    /// With or without the connections, passes and port links.
    pub fn with_connections(self, connections: bool) -> SvgOptions {
        SvgOptions { connections, ..self }
    }
}

/// The panel column's width, right of the map.
pub(crate) const PANEL_WIDTH: i32 = 640;
/// The whole picture's width.
pub(crate) const WIDTH: i32 = MAP_WIDTH as i32 + PANEL_WIDTH;
/// The whole picture's height.
pub(crate) const HEIGHT: i32 = MAP_HEIGHT as i32;

/// The bytes reserved for the picture: the fixed part (map, panels) and
/// room for a crowded position and full hands (measured: the 1517 start
/// takes about 95 kB, late positions up to about 120 kB).
const CAPACITY: usize = 192 * 1024;

/// What a picture shows of the cards: the hand sizes and the faces the
/// picture may name, by power.
pub(crate) struct View<'a> {
    pub game: &'a Game,
    pub hand_sizes: [u8; Power::COUNT],
    pub faces: [EnumSet<Card>; Power::COUNT],
    pub dip_sizes: [u8; Power::COUNT],
    /// The cards in the draw deck.
    pub deck: usize,
    /// The observing power, for an observation.
    pub viewer: Option<Power>,
    pub options: SvgOptions,
}

impl Game {
    /// The board as a self-contained SVG picture: every space placed by its
    /// real city, its controller, religion, unrest, sieges, units and
    /// leaders, the ships in ports and sea zones, and beside the map the
    /// turn and phase, whose decision it is, the VP, wars and alliances,
    /// the hands, the religious tracks, the New World and the foreign wars.
    /// Every hand's cards are named (unless `options` say not); an
    /// [`Observation::board_svg`] names only what its viewer may see.
    ///
    /// ```
    /// use here_i_stand::{Game, Scenario, Setup, SvgOptions};
    /// let svg = Game::new(Setup::new(Scenario::Y1517, 1)).board_svg(SvgOptions::default());
    /// assert!(svg.starts_with("<?xml") && svg.contains("id=\"space-paris\""));
    /// ```
    pub fn board_svg(&self, options: SvgOptions) -> String {
        let faces = Power::ALL.map(|p| if options.card_faces { self.hand(p) } else { EnumSet::EMPTY });
        View {
            game: self,
            hand_sizes: Power::ALL.map(|p| self.hand(p).len() as u8),
            faces,
            dip_sizes: Power::ALL.map(|p| self.dip_hand(p).len() as u8),
            deck: self.deck_size(),
            viewer: None,
            options,
        }
        .render()
    }
}

impl Observation {
    /// The board as the viewer sees it ([`Game::board_svg`]): the other
    /// hands as card backs (but their home cards and the cards the viewer
    /// saw in secret), its own hand by name (unless `options` say not).
    ///
    /// ```
    /// use here_i_stand::{Game, Power, Scenario, Setup, SvgOptions};
    /// let game = Game::new(Setup::new(Scenario::Y1517, 1));
    /// let svg = game.observation(Power::France).board_svg(SvgOptions::default());
    /// assert!(svg.contains("id=\"sea-north_sea\""));
    /// ```
    pub fn board_svg(&self, options: SvgOptions) -> String {
        let board = self.board();
        let faces = Power::ALL.map(|p| if options.card_faces { board.hand(p) } else { EnumSet::EMPTY });
        View {
            game: board,
            hand_sizes: Power::ALL.map(|p| self.hand_size(p)),
            faces,
            dip_sizes: Power::ALL.map(|p| self.dip_hand_size(p)),
            deck: self.deck_size(),
            viewer: Some(self.viewer()),
            options,
        }
        .render()
    }
}

impl Observation {
    /// The cards in the draw deck: those the viewer cannot see, less the
    /// unseen cards of the other hands.
    fn deck_size(&self) -> usize {
        let board = self.board();
        let in_hands: usize = Power::ALL
            .into_iter()
            .filter(|&p| p != self.viewer())
            .map(|p| usize::from(self.hand_size(p)).saturating_sub(board.hand(p).len()))
            .sum();
        self.unseen().len().saturating_sub(in_hands)
    }
}

impl View<'_> {
    fn render(&self) -> String {
        let mut out = String::with_capacity(CAPACITY);
        out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"");
        num(&mut out, WIDTH);
        out.push_str("\" height=\"");
        num(&mut out, HEIGHT);
        out.push_str("\" viewBox=\"0 0 ");
        num(&mut out, WIDTH);
        out.push(' ');
        num(&mut out, HEIGHT);
        out.push_str("\" font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\">\n<title>Here I Stand: turn ");
        num(&mut out, i32::from(self.game.turn()));
        out.push_str(", ");
        text(&mut out, self.game.phase().name());
        out.push_str(" phase</title>\n");
        out.push_str(STYLE);
        map::draw(&mut out, self);
        pieces::draw(&mut out, self);
        panels::draw(&mut out, self);
        out.push_str("</svg>\n");
        out
    }
}

/// The classes the layers use (CSS that browsers and resvg both read).
const STYLE: &str = "<style type=\"text/css\">\
.sp{stroke-width:2.2px}\
.in{fill:none;stroke:#000;stroke-width:0.8px}\
.prot{fill:#000;stroke:#fff;stroke-width:1px}\
.cap{fill:#ffd700;stroke:#000;stroke-width:0.6px}\
.siege{fill:none;stroke:#d00000;stroke-width:2.4px;stroke-dasharray:3 2}\
.mk{font-size:7px;fill:#fff;text-anchor:middle;font-weight:bold}\
.name{font-size:9px;text-anchor:middle;fill:#222;stroke:#fff;stroke-width:2.4px;stroke-linejoin:round;paint-order:stroke}\
.st{stroke:#000;stroke-width:0.6px}\
.bs{stroke:#d00000;stroke-width:1.8px}\
.nv{stroke:#0b2a5b;stroke-width:1.6px;stroke-dasharray:3 1}\
.u{font-size:8px;font-weight:bold}\
.ld{font-size:8px;font-style:italic;fill:#111;stroke:#fff;stroke-width:2px;stroke-linejoin:round;paint-order:stroke}\
.pt{font-size:12px;fill:#222}\
.sea-name{font-size:13px;font-style:italic;fill:#1d4f7a;text-anchor:middle;stroke:#b7d2e8;stroke-width:3px;stroke-linejoin:round;paint-order:stroke}\
.ph{font-size:14px;font-weight:bold;fill:#222}\
.sm{font-size:10px;fill:#222}\
.bx{fill:#fff;stroke:#555;stroke-width:0.8px}\
.on{fill:#f4c542;stroke:#000;stroke-width:1px}\
</style>\n";

/// Writes an integer (no allocation, no formatting machinery).
pub(crate) fn num(out: &mut String, n: i32) {
    let mut buf = [0u8; 12];
    let mut i = buf.len();
    let mut v = n.unsigned_abs();
    loop {
        i -= 1;
        buf[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    if n < 0 {
        i -= 1;
        buf[i] = b'-';
    }
    for &b in &buf[i..] {
        out.push(char::from(b));
    }
}

/// Writes ` name="n"`.
pub(crate) fn attr(out: &mut String, name: &str, n: i32) {
    out.push(' ');
    out.push_str(name);
    out.push_str("=\"");
    num(out, n);
    out.push('"');
}

/// Writes text, escaped for XML.
pub(crate) fn text(out: &mut String, s: &str) {
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
}

/// A `fmt::Write` that escapes what it writes for XML, for `Display` values.
pub(crate) struct Escaped<'a>(pub &'a mut String);

impl Write for Escaped<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        text(self.0, s);
        Ok(())
    }
}

/// Writes a `<text>` at (x, y) with the given extra attributes, escaped.
pub(crate) fn label(out: &mut String, x: i32, y: i32, attrs: &str, s: &str) {
    out.push_str("<text");
    attr(out, "x", x);
    attr(out, "y", y);
    out.push(' ');
    out.push_str(attrs);
    out.push('>');
    text(out, s);
    out.push_str("</text>\n");
}

/// The colour of a power or minor power, as on its markers: Ottoman green,
/// Hapsburg yellow, English red, French blue, Papal purple, Protestant
/// brown; the minors and independents in their own tints.
pub(crate) fn colour(faction: Faction) -> &'static str {
    match faction {
        Faction::Ottoman => "#2e8b3a",
        Faction::Hapsburg => "#e3c12b",
        Faction::England => "#c8252c",
        Faction::France => "#2b5fb4",
        Faction::Papacy => "#7b3f9e",
        Faction::Protestant => "#7a5634",
        Faction::Genoa => "#e27d35",
        Faction::HungaryBohemia => "#d988a8",
        Faction::Scotland => "#6fb0e0",
        Faction::Venice => "#38a39b",
        Faction::Independent => "#cfcfcf",
    }
}

/// Text colour readable on `colour(faction)`.
pub(crate) fn ink(faction: Faction) -> &'static str {
    match faction {
        Faction::Hapsburg | Faction::Scotland | Faction::Independent | Faction::HungaryBohemia | Faction::Genoa => {
            "#000"
        }
        _ => "#fff",
    }
}

/// The shade of a language zone on the map (§2.3); spaces outside the five
/// zones get the plain land colour.
pub(crate) fn zone_shade(zone: Option<LanguageZone>) -> &'static str {
    match zone {
        Some(LanguageZone::English) => "#f1cfcf",
        Some(LanguageZone::French) => "#cfdcf2",
        Some(LanguageZone::German) => "#eadcb0",
        Some(LanguageZone::Italian) => "#d3e8c9",
        Some(LanguageZone::Spanish) => "#f3dcc0",
        None => "#e8e2d2",
    }
}
