//! The board picture rendered to pixels (issue #33 item 6): resvg draws the
//! 1517 start, and the colour at a few spaces is their controller's (Paris
//! French, Istanbul Ottoman, Rome Papal, Vienna Hapsburg, London English);
//! a space the Reformation turned shows the Protestant mark, one still
//! Catholic does not.

use here_i_stand::{Game, Religion, Scenario, Setup, Space, SvgOptions};
use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{Options, Tree};

/// The picture's scale when rendered: 2 pixels per SVG unit.
const SCALE: f32 = 2.0;

/// Renders `svg` at [`SCALE`].
fn render(svg: &str) -> Pixmap {
    let tree = Tree::from_str(svg, &Options::default()).expect("resvg reads the picture");
    let size = tree.size().to_int_size();
    let (w, h) = ((size.width() as f32 * SCALE) as u32, (size.height() as f32 * SCALE) as u32);
    let mut pixmap = Pixmap::new(w, h).expect("a pixmap of the picture's size");
    resvg::render(&tree, Transform::from_scale(SCALE, SCALE), &mut pixmap.as_mut());
    pixmap
}

/// The colour (r, g, b) at `dx`, `dy` SVG units from `space`'s centre.
fn colour_at(pixmap: &Pixmap, space: Space, dx: f32, dy: f32) -> (u8, u8, u8) {
    let (x, y) = space.map_position();
    let px = ((f32::from(x) + dx) * SCALE) as u32;
    let py = ((f32::from(y) + dy) * SCALE) as u32;
    let c = pixmap.pixel(px, py).expect("inside the picture").demultiply();
    (c.red(), c.green(), c.blue())
}

fn hex(colour: &str) -> (u8, u8, u8) {
    let v = |i: usize| u8::from_str_radix(&colour[i..i + 2], 16).unwrap();
    (v(1), v(3), v(5))
}

/// Whether two colours are within `tolerance` in each channel (edges
/// blend a little).
fn near(a: (u8, u8, u8), b: (u8, u8, u8), tolerance: u8) -> bool {
    a.0.abs_diff(b.0) <= tolerance && a.1.abs_diff(b.1) <= tolerance && a.2.abs_diff(b.2) <= tolerance
}

#[test]
fn the_1517_start_shows_each_key_in_its_controllers_colour() {
    let game = Game::new(Setup::new(Scenario::Y1517, 1));
    let pixmap = render(&game.board_svg(SvgOptions::default()));
    // A key is a square 14 units wide with an inner square 8 wide: its
    // fill shows between them, left of the centre (stacks stand right).
    for (space, colour) in [
        (Space::Paris, "#2b5fb4"),
        (Space::Istanbul, "#2e8b3a"),
        (Space::Rome, "#7b3f9e"),
        (Space::Vienna, "#e3c12b"),
        (Space::London, "#c8252c"),
    ] {
        let got = colour_at(&pixmap, space, -5.0, 0.0);
        assert!(near(got, hex(colour), 8), "{space}: {got:?}, not {colour}");
    }
}

#[test]
fn a_reformed_space_shows_the_protestant_mark() {
    let mut game = Game::new(Setup::new(Scenario::Y1517, 1));
    game.set_religion(Space::Leipzig, Religion::Protestant).unwrap();
    let pixmap = render(&game.board_svg(SvgOptions::default()));
    // The mark: a black disc at the centre.
    assert!(near(colour_at(&pixmap, Space::Leipzig, 0.0, 0.0), (0, 0, 0), 30), "Leipzig's mark");
    // Still Catholic, Erfurt has none: its centre is its controller's colour.
    let erfurt = colour_at(&pixmap, Space::Erfurt, 0.0, 0.0);
    assert!(!near(erfurt, (0, 0, 0), 60), "Erfurt: {erfurt:?}");
}
