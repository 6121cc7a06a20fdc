// embla and its autoplay plugin, loaded by the carousel once it has hydrated (one chunk, fetched
// once however many carousels a page has)
export { default as EmblaCarousel } from "embla-carousel";
export { default as Autoplay } from "embla-carousel-autoplay";
