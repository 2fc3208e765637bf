import { useState, type MouseEvent } from "react";

type VideoFacadeProps = {
  src: string;
  /** The poster's URL, drawn as a plain image until the video is played. */
  poster: string | undefined;
  /** What the video shows: the player is named by it, the play control says "Play {label}". */
  label: string;
  width: number;
  height: number;
  /** How the poster and the player fit their box (`object-cover`, `object-contain`) and its size. */
  className: string;
  /** Attributes React 18 does not know yet (`fetchpriority`, `loading`), passed to the poster. */
  posterAttributes?: Record<string, string | undefined>;
  testId?: string;
};

/**
 * A video shown as its poster with a play button until it is played. The browser's own controls are
 * a shadow tree per video that is styled, laid out and painted with the page's first frame: on a
 * slow phone about three times the style work of the page without them (docs/perf.md), for videos
 * most visitors never play. So the player is made on the first play, and starts at once. Without
 * JavaScript the button is a link to the file, which the browser plays by itself.
 */
export function VideoFacade({ src, poster, label, width, height, className, posterAttributes, testId }: VideoFacadeProps) {
  const [playing, setPlaying] = useState(false);

  function play(event: MouseEvent<HTMLAnchorElement>) {
    // A new tab or a download stays the browser's to make.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setPlaying(true);
  }

  if (playing)
    return (
      <video
        src={src}
        poster={poster}
        controls
        autoPlay
        playsInline
        width={width}
        height={height}
        aria-label={label}
        data-testid={testId}
        // The player takes the focus the play button had, so the keyboard can pause it at once.
        ref={(video) => video?.focus()}
        className={`bg-black ${className}`}
      />
    );
  return (
    <a href={src} onClick={play} aria-label={`Play ${label}`} data-testid={testId} className="relative block bg-black">
      {poster ? (
        <img src={poster} alt="" width={width} height={height} className={className} {...posterAttributes} />
      ) : (
        <span className={`block ${className}`} />
      )}
      <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center">
        <svg viewBox="0 0 64 64" className="size-16 drop-shadow-lg">
          <circle cx="32" cy="32" r="32" fill="#fffe" />
          <path d="M26 20v24l19-12z" />
        </svg>
      </span>
    </a>
  );
}
