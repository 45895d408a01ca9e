#!/bin/sh
# Makes the sample lesson clips the mock server serves at /media/{videoId}.webm and .mp4: 480x270 at
# 15 fps, a keyframe every second so seeking lands anywhere, a burned-in clock so a player's position
# can be seen, and a tone per clip. Each clip comes twice, the same picture and sound:
# - WebM, VP9 + Opus: open codecs, so any Chromium or Firefox build plays it;
# - MP4, H.264 Constrained Baseline level 3.0 (avc1.42C01E) + AAC-LC (mp4a.40.2), 4:2:0, the moov
#   box first (+faststart) so playback starts before the whole file is in: what every iPhone and
#   Safari decodes in hardware. The codec strings are in @coursekit/core's contract (VIDEO_FORMATS).
# The Korean captions beside each clip (clip-{a,b,c}.vtt, WebVTT, cues within its length) are
# hand-written and committed with them.
# Made once with Debian 12's ffmpeg 5.1 (apt-get install ffmpeg); the output is committed, so
# nothing here runs at build or test time. Run from this folder: sh make-clips.sh
set -eu
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
for spec in a:6:440:0x2563eb b:8:523:0x059669 c:10:659:0xdb2777; do
  IFS=: read -r name secs freq colour <<SPEC
$spec
SPEC
  picture="drawtext=fontfile=$FONT:text='coursekit clip $name':x=(w-tw)/2:y=h/2-40:fontsize=28:fontcolor=white,\
drawtext=fontfile=$FONT:text='%{pts\:hms}':x=(w-tw)/2:y=h/2+8:fontsize=36:fontcolor=white"
  # The same picture and tone for both files.
  encode() {
    ffmpeg -hide_banner -loglevel error -y \
      -f lavfi -i "color=c=$colour:size=480x270:rate=15:duration=$secs" \
      -f lavfi -i "sine=frequency=$freq:sample_rate=48000:duration=$secs" \
      -vf "$picture" -g 15 -pix_fmt yuv420p -ac 1 -shortest -fflags +bitexact "$@"
  }
  encode -c:v libvpx-vp9 -b:v 0 -crf 40 -deadline good -row-mt 1 \
    -c:a libopus -b:a 16k "clip-$name.webm"
  encode -c:v libx264 -profile:v baseline -level:v 3.0 -crf 30 -preset slow \
    -c:a aac -b:a 24k -map_metadata -1 -movflags +faststart "clip-$name.mp4"
done
