<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="terrain" tilewidth="32" tileheight="32" tilecount="3" columns="3">
 <image source="terrain.png" width="96" height="32"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="grass"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="terrain" value="stone wall"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="cover" value="half"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" value="low wall"/>
  </properties>
 </tile>
</tileset>
