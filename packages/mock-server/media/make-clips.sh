#!/bin/sh
# Makes the sample lesson clips the mock server serves at /media/{videoId}: VP9 + Opus in WebM
# (open codecs, so any Chromium build plays them), 480x270 at 15 fps, a keyframe every second so
# seeking lands anywhere, a burned-in clock so a player's position can be seen,
# and a tone per clip. Made once with Debian 12's ffmpeg 5.1 (apt-get install ffmpeg); the output
# is committed, so nothing here runs at build or test time. Run from this folder: sh make-clips.sh
set -eu
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
for spec in a:6:440:0x2563eb b:8:523:0x059669 c:10:659:0xdb2777; do
  IFS=: read -r name secs freq colour <<SPEC
$spec
SPEC
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "color=c=$colour:size=480x270:rate=15:duration=$secs" \
    -f lavfi -i "sine=frequency=$freq:sample_rate=48000:duration=$secs" \
    -vf "drawtext=fontfile=$FONT:text='coursekit clip $name':x=(w-tw)/2:y=h/2-40:fontsize=28:fontcolor=white,\
drawtext=fontfile=$FONT:text='%{pts\:hms}':x=(w-tw)/2:y=h/2+8:fontsize=36:fontcolor=white" \
    -c:v libvpx-vp9 -b:v 0 -crf 40 -g 15 -deadline good -row-mt 1 -pix_fmt yuv420p \
    -c:a libopus -b:a 16k -ac 1 -shortest -fflags +bitexact "clip-$name.webm"
done
