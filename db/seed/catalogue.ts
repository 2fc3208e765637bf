/** Demo catalogue for local runs and tests. Media files live beside this file in media/. */

export interface SeedPackage {
  currency: "GBP";
  /** Major units, e.g. 499 → £499.00. */
  amount: number;
  shortDescription: string;
  itemsIncluded: string[];
}

export interface SeedProduct {
  title: string;
  descriptionHeading: string;
  description: string;
  servicesOffered: string[];
  tags: string[];
  images: string[];
  video?: { file: string; thumbnail: string };
  packages: SeedPackage[];
}

const tiers = (
  currency: SeedPackage["currency"],
  [basic, standard, premium]: [number, number, number],
  items: [string[], string[], string[]],
  descriptions: [string, string, string],
): SeedPackage[] => [
  { currency, amount: basic, shortDescription: descriptions[0], itemsIncluded: items[0] },
  { currency, amount: standard, shortDescription: descriptions[1], itemsIncluded: items[1] },
  { currency, amount: premium, shortDescription: descriptions[2], itemsIncluded: items[2] },
];

export const SEED_PRODUCTS: SeedProduct[] = [
  {
    title: "3D Product Launch Animation",
    descriptionHeading: "Launch your product in photoreal 3D",
    description:
      "A cinematic 3D animation that shows your product from every angle: exploded views, materials, and the features that matter, ready for your launch page, trade-show screens and ads.",
    servicesOffered: ["3D modelling from CAD or photos", "Photoreal lighting and materials", "Camera choreography", "Music and sound design"],
    tags: ["3D Animation", "Product Video", "Social Media"],
    images: ["image-01.jpg", "image-06.jpg"],
    video: { file: "video-01.mp4", thumbnail: "thumb-01.jpg" },
    packages: tiers(
      "GBP",
      [499, 999, 1899],
      [
        ["15-second animation", "1080p export", "Stock music"],
        ["30-second animation", "4K export", "Licensed music", "2 aspect ratios"],
        ["60-second animation", "4K export", "Custom sound design", "3 aspect ratios", "Source files"],
      ],
      ["Short teaser for social", "Launch film for your site", "Full campaign package"],
    ),
  },
  {
    title: "Animated Explainer Video",
    descriptionHeading: "Explain what you do in ninety seconds",
    description: "Script, storyboard, voice-over and 2D animation that turn a complicated product into a simple story your customers remember.",
    servicesOffered: ["Scriptwriting", "Storyboard", "Professional voice-over", "2D animation"],
    tags: ["Explainer Video", "Motion Graphics", "Brand Film"],
    images: ["image-02.jpg", "image-14.jpg"],
    video: { file: "video-05.mp4", thumbnail: "thumb-05.jpg" },
    packages: tiers(
      "GBP",
      [699, 1299, 2399],
      [
        ["60-second video", "Script polish", "Stock voice-over"],
        ["90-second video", "Full script", "Pro voice-over", "Custom illustrations"],
        ["120-second video", "Full script", "Pro voice-over", "Custom characters", "Subtitles in 3 languages"],
      ],
      ["Explainer essentials", "Explainer with custom art", "Explainer, full production"],
    ),
  },
  {
    title: "3D Logo Reveal",
    descriptionHeading: "A logo sting people remember",
    description: "Your logo built in 3D and revealed with light, particles and sound: for intros, outros and event screens.",
    servicesOffered: ["3D logo build", "Particle and light effects", "Sound design"],
    tags: ["3D Animation", "Motion Graphics", "Brand Film"],
    images: ["image-03.jpg"],
    video: { file: "video-02.mp4", thumbnail: "thumb-02.jpg" },
    packages: tiers(
      "GBP",
      [149, 299, 549],
      [
        ["5-second reveal", "1080p export"],
        ["8-second reveal", "4K export", "Sound design"],
        ["10-second reveal", "4K export", "Sound design", "Transparent background version"],
      ],
      ["Quick sting", "Signature reveal", "Cinematic reveal"],
    ),
  },
  {
    title: "Architectural Walkthrough",
    descriptionHeading: "Walk buyers through spaces that are not built yet",
    description: "Photoreal interior and exterior fly-throughs from your plans, with furnishing, landscaping and daylight studies.",
    servicesOffered: ["Modelling from plans", "Interior staging", "Landscaping", "Daylight studies"],
    tags: ["3D Animation", "Architecture"],
    images: ["image-04.jpg", "image-13.jpg"],
    video: { file: "video-04.mp4", thumbnail: "thumb-04.jpg" },
    packages: tiers(
      "GBP",
      [1200, 2400, 4200],
      [
        ["30-second exterior fly-through", "1080p export"],
        ["60-second interior and exterior", "4K export", "Furnishing"],
        ["120-second full walkthrough", "4K export", "Furnishing", "Day and night versions"],
      ],
      ["Exterior preview", "Interior and exterior tour", "Complete development film"],
    ),
  },
  {
    title: "Motion Graphics Ad Pack",
    descriptionHeading: "Scroll-stopping ads in every format",
    description: "Bold kinetic typography and graphics cut for feeds, stories and pre-roll, delivered in every aspect ratio you need.",
    servicesOffered: ["Kinetic typography", "Brand-matched animation", "Aspect ratio versions"],
    tags: ["Motion Graphics", "Social Media"],
    images: ["image-05.jpg"],
    video: { file: "video-06.mp4", thumbnail: "thumb-06.jpg" },
    packages: [
      { currency: "GBP", amount: 349, shortDescription: "Three ads for social", itemsIncluded: ["3 x 15-second ads", "Square and vertical"] },
      { currency: "GBP", amount: 899, shortDescription: "Campaign of ten ads", itemsIncluded: ["10 x 15-second ads", "All aspect ratios", "A/B variants"] },
    ],
  },
  {
    title: "Photoreal Product Render",
    descriptionHeading: "Studio shots without the studio",
    description: "High-resolution still renders and turntables of your product for e-commerce, catalogues and packaging.",
    servicesOffered: ["3D modelling", "Studio lighting", "Colour variants", "Turntable animation"],
    tags: ["3D Animation", "Product Video", "Architecture"],
    images: ["image-06.jpg"],
    packages: tiers(
      "GBP",
      [199, 449, 899],
      [
        ["5 still renders", "4K resolution"],
        ["10 still renders", "4K resolution", "Turntable animation"],
        ["20 still renders", "8K resolution", "Turntable animation", "All colour variants"],
      ],
      ["Essentials stills", "Stills and turntable", "Complete catalogue"],
    ),
  },
  {
    title: "Character Animation Short",
    descriptionHeading: "Characters with personality",
    description: "A mascot or hero character designed, rigged and animated in 3D, telling a short story for your brand.",
    servicesOffered: ["Character design", "Rigging", "Keyframe animation", "Lip sync"],
    tags: ["Character Animation", "3D Animation"],
    images: ["image-07.jpg"],
    video: { file: "video-03.mp4", thumbnail: "thumb-03.jpg" },
    packages: tiers(
      "GBP",
      [899, 1799, 3299],
      [
        ["20-second short", "1 character"],
        ["45-second short", "2 characters", "Lip sync"],
        ["90-second short", "3 characters", "Lip sync", "Rig hand-off"],
      ],
      ["Mascot moment", "Character story", "Animated series pilot"],
    ),
  },
  {
    title: "Social Media Video Ads",
    descriptionHeading: "Ads made for the feed",
    description: "Short, punchy videos built from your footage or ours, edited for the first three seconds that decide everything.",
    servicesOffered: ["Editing", "Captions", "Music licensing", "Platform versions"],
    tags: ["Social Media", "Product Video"],
    images: ["image-08.jpg"],
    packages: tiers(
      "GBP",
      [249, 549, 999],
      [
        ["2 x 15-second ads", "Captions"],
        ["5 x 15-second ads", "Captions", "Music licensing"],
        ["10 ads up to 30 seconds", "Captions", "Music licensing", "Hook variants"],
      ],
      ["Starter ads", "Growth ads", "Scale ads"],
    ),
  },
  {
    title: "Brand Story Film",
    descriptionHeading: "Tell the story behind your brand",
    description: "A documentary-style film about your founders, your team and your craft, shot and edited by our partner crews.",
    servicesOffered: ["Creative direction", "Interview filming", "B-roll", "Colour grading"],
    tags: ["Brand Film", "Explainer Video"],
    images: ["image-09.jpg"],
    packages: tiers(
      "GBP",
      [1500, 2900, 5400],
      [
        ["60-second film", "Half-day shoot"],
        ["2-minute film", "Full-day shoot", "Colour grading"],
        ["4-minute film", "Two-day shoot", "Colour grading", "Social cut-downs"],
      ],
      ["Brand portrait", "Brand story", "Brand documentary"],
    ),
  },
  {
    title: "Event Recap Video",
    descriptionHeading: "Your event, relived in two minutes",
    description: "Highlights of your conference, launch or party, edited fast so you can share it while people still talk about it.",
    servicesOffered: ["Highlight edit", "Music licensing", "Speaker soundbites"],
    tags: ["Brand Film", "Social Media"],
    images: ["image-10.jpg"],
    packages: [
      {
        currency: "GBP",
        amount: 799,
        shortDescription: "Recap from your footage",
        itemsIncluded: ["2-minute highlight film", "Music licensing", "Vertical cut"],
      },
    ],
  },
  {
    title: "Customer Testimonial Video",
    descriptionHeading: "Let happy customers sell for you",
    description: "Remote or on-site interviews with your customers, edited into honest, persuasive testimonial videos.",
    servicesOffered: ["Interview questions", "Remote recording", "Editing", "Captions"],
    tags: ["Explainer Video", "Brand Film"],
    images: ["image-11.jpg"],
    packages: [
      { currency: "GBP", amount: 399, shortDescription: "One customer story", itemsIncluded: ["1 testimonial up to 90 seconds", "Captions"] },
      { currency: "GBP", amount: 999, shortDescription: "Three customer stories", itemsIncluded: ["3 testimonials", "Captions", "Compilation cut"] },
    ],
  },
  {
    title: "App Promo Video",
    descriptionHeading: "Show your app in action",
    description: "Screen recordings, device mock-ups and motion graphics that show what your app does and why it matters, for stores and ads.",
    servicesOffered: ["Device mock-ups", "Screen capture", "Motion graphics", "App store versions"],
    tags: ["Product Video", "Motion Graphics", "Explainer Video"],
    images: ["image-12.jpg"],
    packages: tiers(
      "GBP",
      [399, 799, 1499],
      [
        ["30-second promo", "1 device mock-up"],
        ["45-second promo", "3 device mock-ups", "Voice-over"],
        ["60-second promo", "All devices", "Voice-over", "App store previews"],
      ],
      ["App teaser", "App promo", "Launch kit"],
    ),
  },
  {
    title: "Whiteboard Explainer",
    descriptionHeading: "Hand-drawn clarity",
    description: "The classic hand-drawn whiteboard style, perfect for training, onboarding and ideas that need to be drawn out step by step.",
    servicesOffered: ["Script", "Hand-drawn illustrations", "Voice-over"],
    tags: ["Explainer Video", "Character Animation"],
    images: ["image-17.jpg"],
    packages: tiers(
      "GBP",
      [299, 599, 1099],
      [
        ["60-second video", "Stock voice-over"],
        ["90-second video", "Pro voice-over", "Custom drawings"],
        ["3-minute video", "Pro voice-over", "Custom drawings", "Subtitles"],
      ],
      ["Whiteboard basics", "Whiteboard plus", "Whiteboard course module"],
    ),
  },
  {
    title: "VFX Compositing",
    descriptionHeading: "Effects that sit in the shot",
    description: "Clean-up, screen replacements, CG integration and compositing by artists who have worked on feature films.",
    servicesOffered: ["Rotoscoping", "Screen replacement", "CG integration", "Colour matching"],
    tags: ["3D Animation", "Motion Graphics"],
    images: ["image-15.jpg", "image-16.jpg"],
    packages: [
      { currency: "GBP", amount: 450, shortDescription: "Up to ten shots", itemsIncluded: ["10 shots", "Clean-up and screen replacement"] },
      { currency: "GBP", amount: 1350, shortDescription: "Up to forty shots", itemsIncluded: ["40 shots", "CG integration", "Colour matching"] },
    ],
  },
];

export const DEMO_ADMIN = { name: "Demo Admin", email: "admin@example.com", password: "AdminPass#2026" } as const;
export const DEMO_CUSTOMER = { name: "Demo Customer", email: "customer@example.com", password: "Customer#2026" } as const;
export const DEMO_CREATOR = { name: "Mara Lind", email: "creator@example.com", password: "Creator#2026" } as const;

/**
 * The demo's films, rendered in 3D with Blender from db/seed/blender/scenes.py (`npm run
 * seed:render-media`): each one's file and poster, the frames its stills are taken from (1-based, of
 * 144 at 24 frames a second), the demo creator credited with it (their showreel and portfolio) and
 * the services it illustrates (their video; the creator is named among their makers).
 */
export interface SeedFilm {
  scene: "product" | "logo" | "character" | "architecture" | "explainer" | "motion";
  caption: string;
  file: string;
  poster: { file: string; frame: number };
  stills: { file: string; frame: number }[];
  creator: string;
  products: string[];
}

export const SEED_FILMS: SeedFilm[] = [
  {
    scene: "product",
    caption: "Smart speaker turntable, studio light",
    file: "video-01.mp4",
    poster: { file: "thumb-01.jpg", frame: 110 },
    stills: [
      { file: "image-01.jpg", frame: 60 },
      { file: "image-06.jpg", frame: 140 },
    ],
    creator: DEMO_CREATOR.email,
    products: ["3D Product Launch Animation", "Photoreal Product Render"],
  },
  {
    scene: "logo",
    caption: "Logo reveal in brushed gold",
    file: "video-02.mp4",
    poster: { file: "thumb-02.jpg", frame: 70 },
    stills: [
      { file: "image-03.jpg", frame: 140 },
      { file: "image-09.jpg", frame: 52 },
      { file: "image-16.jpg", frame: 100 },
    ],
    creator: "sean.murphy@creators.example",
    products: ["3D Logo Reveal", "Brand Story Film"],
  },
  {
    scene: "character",
    caption: "Robot mascot: hop, look, wave",
    file: "video-03.mp4",
    poster: { file: "thumb-03.jpg", frame: 100 },
    stills: [
      { file: "image-07.jpg", frame: 96 },
      { file: "image-11.jpg", frame: 30 },
    ],
    creator: "priya.nair@creators.example",
    products: ["Character Animation Short", "Customer Testimonial Video"],
  },
  {
    scene: "architecture",
    caption: "Glass house at golden hour",
    file: "video-04.mp4",
    poster: { file: "thumb-04.jpg", frame: 120 },
    stills: [
      { file: "image-04.jpg", frame: 144 },
      { file: "image-13.jpg", frame: 96 },
    ],
    creator: "jonas.weber@creators.example",
    products: ["Architectural Walkthrough"],
  },
  {
    scene: "explainer",
    caption: "Isometric explainer set",
    file: "video-05.mp4",
    poster: { file: "thumb-05.jpg", frame: 120 },
    stills: [
      { file: "image-02.jpg", frame: 130 },
      { file: "image-14.jpg", frame: 70 },
      { file: "image-12.jpg", frame: 100 },
      { file: "image-17.jpg", frame: 144 },
    ],
    creator: "owen.hart@creators.example",
    products: ["Animated Explainer Video", "App Promo Video", "Whiteboard Explainer"],
  },
  {
    scene: "motion",
    caption: "Ripple field, motion graphics loop",
    file: "video-06.mp4",
    poster: { file: "thumb-06.jpg", frame: 90 },
    stills: [
      { file: "image-05.jpg", frame: 60 },
      { file: "image-08.jpg", frame: 120 },
      { file: "image-10.jpg", frame: 30 },
      { file: "image-15.jpg", frame: 144 },
    ],
    creator: "anna.kowalska@creators.example",
    products: ["Motion Graphics Ad Pack", "Social Media Video Ads", "Event Recap Video", "VFX Compositing"],
  },
];
